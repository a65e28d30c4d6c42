import { formatCost } from '../../../ui/cost.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { postingSummary } from '../api/count-figures.ts';
import type { CountRow } from '../api/use-count-document.ts';
import * as css from './counts.css.ts';

export interface PostDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  rows: readonly CountRow[];
  onConfirm(): void;
}

const units = (n: number) => `${n} шт.`;

/** «Провести?»: what posting will book — shortages written off, surpluses received — and who nobody counted. */
export function PostDialog({ open, onOpenChange, rows, onConfirm }: PostDialogProps) {
  const s = postingSummary(rows);
  const name = (id: string) => rows.find((r) => r.product_id === id)?.name ?? '';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Провести инвентаризацию?"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Отмена
          </Button>
          <Button onClick={onConfirm}>Провести</Button>
        </>
      }
    >
      {s.shortages.length === 0 && s.surpluses.length === 0 && <p>Расхождений нет: остатки не изменятся.</p>}
      {s.shortages.length > 0 && (
        <section aria-label="Недостача">
          <p className={css.shortage}>
            Недостача — будет списано: {units(s.shortageUnits)}, {formatCost(s.shortageCost)}
          </p>
          <ul className={css.summaryList}>
            {s.shortages.map((f) => (
              <li key={f.product_id}>
                {name(f.product_id)}: {units(-f.difference)}, {formatCost(f.cost)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {s.surpluses.length > 0 && (
        <section aria-label="Излишек">
          <p className={css.surplus}>
            Излишек — будет оприходовано: {units(s.surplusUnits)}, {formatCost(s.surplusCost)}
          </p>
          <ul className={css.summaryList}>
            {s.surpluses.map((f) => (
              <li key={f.product_id}>
                {name(f.product_id)}: {units(f.difference)}, {formatCost(f.cost)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {s.uncounted.length > 0 && (
        <p className={css.refused} role="alert">
          Никто не посчитал товаров: {s.uncounted.length} ({s.uncounted.map((f) => name(f.product_id)).join(', ')}). Их
          остаток будет списан полностью.
        </p>
      )}
      <p className={css.notice}>Проведённую инвентаризацию изменить нельзя.</p>
    </Dialog>
  );
}
