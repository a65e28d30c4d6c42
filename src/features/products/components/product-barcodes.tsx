import { useId, useState } from 'react';
import { attachBarcode, barcodeProblem, barcodesOf, detachBarcode } from '../../../scan/attach-barcode.ts';
import { internalEan13, normalizeBarcode } from '../../../scan/ean13.ts';
import { Button } from '../../../ui/button.tsx';
import { fieldError, input, label as labelClass } from '../../../ui/controls.css.ts';
import { LabelsDialog } from '../../../ui/labels-dialog.tsx';
import type { ProductWh } from '../api/types.ts';
import { addInput, addRow, chip, codes, section } from './product-barcodes.css.ts';

interface Props {
  product: ProductWh;
  canEdit: boolean;
}

/**
 * The product's barcodes on the «Товар» tab: the list, a remove button each, a field to type one or to scan one into
 * (`data-scan="keep"`: a scanner typing here fills the field instead of opening a product), and «Создать штрихкод»
 * for a product that has none — an in-house 2xx EAN-13 to print on a label. Each change is queued like the tab's
 * other edits; a code the server refuses (taken on another device meanwhile) comes back as a refused edit.
 */
export function ProductBarcodes({ product, canEdit }: Props) {
  const list = barcodesOf(product);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const id = useId();

  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Не удалось изменить штрихкоды');
    }
  };

  const add = () =>
    run(async () => {
      const code = normalizeBarcode(typed);
      const problem = barcodeProblem(code);
      if (problem) throw new Error(problem);
      await attachBarcode(product.id, code);
      setTyped('');
    });

  return (
    <div className={section}>
      {canEdit ? (
        <label className={labelClass} htmlFor={id}>
          Штрихкоды
        </label>
      ) : (
        <span className={labelClass}>Штрихкоды</span>
      )}
      {list.length > 0 ? (
        <ul className={codes} aria-label="Штрихкоды товара">
          {list.map((code) => (
            <li key={code} className={chip}>
              {code}
              {canEdit && (
                <Button
                  variant="link"
                  aria-label={`Удалить штрихкод ${code}`}
                  title="Удалить штрихкод"
                  onClick={() => void run(() => detachBarcode(product.id, code))}
                >
                  ✕
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>Штрихкодов нет</p>
      )}
      {canEdit && (
        <div className={addRow}>
          <input
            id={id}
            className={`${input} ${addInput}`}
            data-scan="keep"
            name="barcode"
            inputMode="text"
            autoComplete="off"
            placeholder="Введите или отсканируйте"
            value={typed}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              // A scanner ends its code with Enter: that adds it, as the button does.
              if (e.key !== 'Enter') return;
              e.preventDefault();
              void add();
            }}
          />
          <Button variant="secondary" onClick={() => void add()} disabled={!typed.trim()}>
            Добавить
          </Button>
          {list.length === 0 && (
            <Button variant="secondary" onClick={() => void run(() => attachBarcode(product.id, internalEan13()))}>
              Создать штрихкод
            </Button>
          )}
        </div>
      )}
      {error && (
        <p className={fieldError} role="alert">
          {error}
        </p>
      )}
      <div className={addRow}>
        <Button variant="secondary" onClick={() => setLabelsOpen(true)}>
          Этикетки
        </Button>
      </div>
      <LabelsDialog
        open={labelsOpen}
        onOpenChange={setLabelsOpen}
        items={[{ productId: product.id, name: product.name, code: list[0] ?? null, units: 1 }]}
        canCreateCodes={canEdit}
      />
    </div>
  );
}
