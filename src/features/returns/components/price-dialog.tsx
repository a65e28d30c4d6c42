import { useState } from 'react';
import { formatDay, formatRoubles } from '../../../lib/format.ts';
import { parseNumber } from '../../../stock/rules.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { actions } from '../../../ui/dialog.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import type { PriceChoice } from '../api/update-return.ts';
import { useLotPrices } from '../api/use-return-lots.ts';
import { statusLabels, type Receivable, type ReturnLine } from '../api/types.ts';
import { lotList } from './returns.css.ts';

export interface PriceDialogProps {
  /** The return and the status being chosen; null: closed. */
  target: { line: ReturnLine; status: Receivable } | null;
  onCancel(): void;
  onOk(choice: PriceChoice): void;
}

const text = (n: number) => (n > 0 ? String(n) : '');

/**
 * The price of a return (docs/rules.md «Возвраты»): one of the product's lot prices, or a typed start cost,
 * discounted cost and note. The form is remounted for each return, so it starts from that return's values.
 */
export function PriceDialog({ target, onCancel, onOk }: PriceDialogProps) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={target ? `${statusLabels[target.status]}: цена возврата` : ''}
      footer={<></>}
    >
      {target && (
        <PriceForm key={`${target.line.id}/${target.status}`} line={target.line} onCancel={onCancel} onOk={onOk} />
      )}
    </Dialog>
  );
}

function PriceForm({ line, onCancel, onOk }: { line: ReturnLine; onCancel(): void; onOk(choice: PriceChoice): void }) {
  const lots = useLotPrices(line.product_id);
  const [price, setPrice] = useState(text(line.price));
  const [markdown, setMarkdown] = useState(text(line.markdown_price));
  const [note, setNote] = useState(line.description);
  const [error, setError] = useState<string>();

  function submit() {
    const p = price.trim() === '' ? 0 : parseNumber(price);
    const m = markdown.trim() === '' ? 0 : parseNumber(markdown);
    if (!Number.isFinite(p) || p < 0 || !Number.isFinite(m) || m < 0) return setError('Цена — число не меньше 0');
    onOk({ price: p, markdown_price: m, description: note });
  }

  const prices = lots ?? [];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p>
        {line.title}
        {line.article && ` · ${line.article}`}
      </p>
      {lots && prices.length === 0 && <Muted>У товара нет партий: укажите себестоимость.</Muted>}
      {prices.length > 0 && (
        <>
          <Muted>Цены партий товара:</Muted>
          <ul className={lotList} aria-label="Цены партий">
            {prices.map((l) => (
              <li key={l.id}>
                <Button
                  variant={price !== '' && parseNumber(price) === l.price ? 'primary' : 'secondary'}
                  aria-pressed={price !== '' && parseNumber(price) === l.price}
                  onClick={() => {
                    setPrice(String(l.price));
                    setError(undefined);
                  }}
                  title={`Партия от ${formatDay(l.created_at)}`}
                >
                  по цене {formatRoubles(l.price)}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <TextField
        label="Себестоимость, ₽"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={error}
      />
      <TextField
        label="Цена после уценки, ₽"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={markdown}
        onChange={(e) => setMarkdown(e.target.value)}
      />
      <TextArea label="Примечание" value={note} onChange={(e) => setNote(e.target.value)} />
      <div className={actions}>
        <Button variant="secondary" onClick={onCancel}>
          Отмена
        </Button>
        <Button type="submit">Применить</Button>
      </div>
    </form>
  );
}
