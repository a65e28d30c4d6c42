import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { actions } from '../../../ui/dialog.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { NumberField } from '../../../ui/number-field.tsx';
import { TextArea } from '../../../ui/text-field.tsx';
import type { PriceChoice } from '../api/update-return.ts';
import { useLotPrices } from '../api/use-return-lots.ts';
import { needsMarkdownPrice, statusHints, statusLabels, type Receivable, type ReturnLine } from '../api/types.ts';
import { LotButton } from './lot-button.tsx';
import { lotList } from './returns.css.ts';
import { hasCost } from '../../../ui/cost.ts';

export interface PriceDialogProps {
  /** The return and the status being chosen; null: closed. */
  target: { line: ReturnLine; status: Receivable } | null;
  onCancel(): void;
  onOk(choice: PriceChoice): void;
}

/** A price not set yet (0) shows as an empty field. */
const given = (n: number | undefined) => (n !== undefined && n > 0 ? n : null);

/**
 * The price of a return (docs/rules.md «Возвраты»): what the chosen status needs and nothing else — a cost
 * for every status (one of the product's lot prices, or typed), the price after markdown only for «Уценка»,
 * and a note. The form is remounted for each return and status, so it starts from that return's values.
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
        <PriceForm
          key={`${target.line.id}/${target.status}`}
          line={target.line}
          status={target.status}
          onCancel={onCancel}
          onOk={onOk}
        />
      )}
    </Dialog>
  );
}

function PriceForm({
  line,
  status,
  onCancel,
  onOk,
}: {
  line: ReturnLine;
  status: Receivable;
  onCancel(): void;
  onOk(choice: PriceChoice): void;
}) {
  const lots = useLotPrices(line.product_id);
  const withMarkdown = needsMarkdownPrice(status);
  const [price, setPrice] = useState(given(line.price));
  // Not asked for other statuses: 0 sends the price itself (src/features/returns/api/update-return.ts).
  const [markdown, setMarkdown] = useState(withMarkdown ? given(line.markdown_price) : null);
  const [note, setNote] = useState(line.description);
  const [error, setError] = useState<string>();

  function submit() {
    const p = price ?? 0;
    const m = withMarkdown ? (markdown ?? 0) : 0;
    if (!Number.isFinite(p) || p < 0 || !Number.isFinite(m) || m < 0) return setError('Цена — число не меньше 0');
    onOk({ price: p, markdown_price: m, description: note });
  }

  // A member without leave to see costs gets lots without prices: nothing to choose from, the cost is typed.
  const prices = (lots ?? []).filter((l) => hasCost(l.price));
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
      <Muted>{statusHints[status]}</Muted>
      {lots && lots.length === 0 && <Muted>У товара нет партий: укажите себестоимость.</Muted>}
      {prices.length > 0 && (
        <>
          <Muted>Цены партий товара:</Muted>
          <ul className={lotList} aria-label="Цены партий">
            {prices.map((l) => (
              <li key={l.id}>
                <LotButton
                  lot={l}
                  pressed={price === l.price}
                  onChoose={(lot) => {
                    setPrice(lot.price ?? null);
                    setError(undefined);
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <NumberField
        label="Себестоимость, ₽"
        value={price}
        onValue={(v) => {
          setPrice(v);
          setError(undefined);
        }}
        error={error}
      />
      {withMarkdown && <NumberField label="Цена после уценки, ₽" value={markdown} onValue={setMarkdown} />}
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
