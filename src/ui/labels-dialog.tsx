import { useEffect, useState } from 'react';
import type { Label, LabelFormat } from '../labels/label-pdf.ts';
import { attachBarcode } from '../scan/attach-barcode.ts';
import { internalEan13 } from '../scan/ean13.ts';
import { Button } from './button.tsx';
import { formError } from './controls.css.ts';
import { Dialog } from './dialog.tsx';
import { NumberField } from './number-field.tsx';
import { formats, missingList, note } from './labels-dialog.css.ts';

/** One product's labels for one copy: `units` labels of the same code (a receipt prints one per unit received). */
export interface LabelItem {
  productId: string;
  name: string;
  /** The product's first barcode; null when it has none yet. */
  code: string | null;
  units: number;
  price?: string;
}

export interface LabelsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  items: LabelItem[];
  /** Copies to start with: 1 for a product page and a receipt alike. */
  defaultCopies?: number;
  /** The member may change products: a product without a barcode gets «Создать штрихкод» (else a hint). */
  canCreateCodes?: boolean;
}

const formatKey = 'ostatok:label-format';
const formatNames: Record<LabelFormat, string> = { '58x40': 'Термоэтикетка 58×40 мм', a4: 'Лист A4, 3×8 наклеек' };
/** More than this many labels at once is a slip of the finger (a PDF of thousands of pages hangs the phone). */
const maxLabels = 5000;

function savedFormat(): LabelFormat {
  try {
    return localStorage.getItem(formatKey) === 'a4' ? 'a4' : '58x40';
  } catch {
    return '58x40';
  }
}

export function labelsOf(items: LabelItem[], copies: number): Label[] {
  const out: Label[] = [];
  for (const item of items) {
    if (!item.code) continue;
    const label = { name: item.name, code: item.code, ...(item.price ? { price: item.price } : {}) };
    for (let i = 0; i < item.units * copies; i++) out.push(label);
  }
  return out;
}

/**
 * Made on the device and printed from the browser, so labels print offline. The PDF opens in a new tab (the
 * browser's viewer prints it on any printer); where pop-ups are blocked, a hidden frame prints it instead.
 */
async function printPdf(bytes: Uint8Array): Promise<void> {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  // The viewer needs the URL for as long as it is open; a minute is plenty to start printing.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  if (window.open(url, '_blank')) return;
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.src = url;
  frame.onload = () => frame.contentWindow?.print();
  document.body.append(frame);
  setTimeout(() => frame.remove(), 60_000);
}

/** «Этикетки»: the format, the copies, «Печать». A product without a barcode first gets one («Создать штрихкод»). */
export function LabelsDialog({ open, onOpenChange, items, defaultCopies = 1, canCreateCodes }: LabelsDialogProps) {
  const [format, setFormat] = useState<LabelFormat>(savedFormat);
  const [copies, setCopies] = useState<number | null>(defaultCopies);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setCopies(defaultCopies);
      setError(null);
    }
  }, [open, defaultCopies]);

  const withoutCode = items.filter((i) => !i.code && i.units > 0);
  const validCopies = copies !== null && Number.isInteger(copies) && copies >= 1;
  const labels = validCopies ? labelsOf(items, copies) : [];
  const tooMany = labels.length > maxLabels;

  function choose(next: LabelFormat) {
    setFormat(next);
    try {
      localStorage.setItem(formatKey, next);
    } catch {
      // A private window without storage just forgets the choice.
    }
  }

  async function createCode(productId: string) {
    setError(null);
    try {
      await attachBarcode(productId, internalEan13());
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Не удалось создать штрихкод');
    }
  }

  async function print() {
    setBusy(true);
    setError(null);
    try {
      const { labelsPdf } = await import('../labels/label-pdf.ts');
      await printPdf(await labelsPdf(labels, format));
    } catch (e) {
      setError(e instanceof Error ? `Не удалось сделать PDF: ${e.message}` : 'Не удалось сделать PDF');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Этикетки"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Закрыть
          </Button>
          <Button onClick={() => void print()} disabled={busy || labels.length === 0 || tooMany}>
            {busy ? 'Готовим PDF…' : 'Печать'}
          </Button>
        </>
      }
    >
      <fieldset className={formats}>
        <legend>Формат</legend>
        {(Object.keys(formatNames) as LabelFormat[]).map((f) => (
          <label key={f}>
            <input type="radio" name="label-format" checked={format === f} onChange={() => choose(f)} />{' '}
            {formatNames[f]}
          </label>
        ))}
      </fieldset>
      <NumberField
        label="Копий"
        name="copies"
        integer
        value={copies}
        onValue={(v) => setCopies(v)}
        error={validCopies ? undefined : 'Укажите целое число копий от 1'}
      />
      <p className={note} data-testid="labels-count">
        Этикеток: {labels.length}
      </p>
      {tooMany && <p className={formError}>Больше {maxLabels} этикеток за раз не напечатать: уменьшите число копий</p>}
      {withoutCode.length > 0 && (
        <div>
          <p className={note}>
            {canCreateCodes
              ? 'Без штрихкода этикетку не напечатать. Создайте внутренний штрихкод EAN-13:'
              : 'Без штрихкода этикетку не напечатать. Штрихкод товару добавляет владелец или менеджер:'}
          </p>
          <ul className={missingList} aria-label="Товары без штрихкода">
            {withoutCode.map((item) => (
              <li key={item.productId}>
                {item.name}{' '}
                {canCreateCodes && (
                  <Button variant="secondary" onClick={() => void createCode(item.productId)}>
                    Создать штрихкод
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className={formError} role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
