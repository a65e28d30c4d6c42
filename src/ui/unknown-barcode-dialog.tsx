import { useEffect, useId, useMemo, useState } from 'react';
import { useScan } from '../scan/use-scan.ts';
import { Button } from './button.tsx';
import { field, formError, input, label } from './controls.css.ts';
import { Dialog } from './dialog.tsx';
import { articles as articlesClass, code as codeClass, hint, list, option } from './unknown-barcode-dialog.css.ts';

export interface UnknownBarcodeProduct {
  id: string;
  name: string;
  /** Articles (offer ids) shown under the name and matched by the search. */
  articles?: string[];
}

export interface UnknownBarcodeDialogProps {
  /** The scanned code nobody has; null keeps the dialog closed. */
  code: string | null;
  products: UnknownBarcodeProduct[];
  /** Attaches the code to the chosen product; a thrown Error's message is shown and the dialog stays open. */
  onAttach(productId: string): Promise<void>;
  onClose(): void;
}

const shown = 50;

function matches(product: UnknownBarcodeProduct, words: string[]): boolean {
  const text = [product.name, ...(product.articles ?? [])].join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
}

/**
 * A scanned code that no product has: pick the product it belongs to and attach it, so the next scan finds it. While
 * open it takes the scans itself — a second scan must not reach the screen underneath and act there unseen.
 */
export function UnknownBarcodeDialog({ code, products, onAttach, onClose }: UnknownBarcodeDialogProps) {
  const open = code !== null;
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanNote, setScanNote] = useState<string | null>(null);
  const searchId = useId();

  useEffect(() => {
    setQuery('');
    setChosen(null);
    setError(null);
    setScanNote(null);
  }, [code]);

  useScan((scanned) => {
    setScanNote(`Отсканирован ${scanned}: сначала привяжите ${code ?? ''} или закройте окно`);
    return 'refused';
  }, open);

  const found = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return products.filter((p) => matches(p, words)).slice(0, shown);
  }, [products, query]);

  const attach = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      await onAttach(chosen);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Не удалось привязать штрихкод');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Неизвестный штрихкод"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button onClick={() => void attach()} disabled={!chosen || busy}>
            Привязать к товару
          </Button>
        </>
      }
    >
      <p>
        Штрихкод <span className={codeClass}>{code}</span> не найден. Выберите товар, к которому его привязать.
      </p>
      {error && (
        <div className={formError} role="alert">
          {error}
        </div>
      )}
      <div className={field}>
        <label className={label} htmlFor={searchId}>
          Найти товар
        </label>
        <input
          id={searchId}
          className={input}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Название или артикул"
          autoComplete="off"
        />
        <ul className={list} aria-label="Товары">
          {found.map((p) => (
            <li key={p.id}>
              <button type="button" aria-pressed={chosen === p.id} className={option} onClick={() => setChosen(p.id)}>
                {p.name}
                {p.articles && p.articles.length > 0 && <span className={articlesClass}>{p.articles.join(', ')}</span>}
              </button>
            </li>
          ))}
        </ul>
        {found.length === 0 && <p className={hint}>Ничего не найдено</p>}
        {found.length === shown && <p className={hint}>Показаны первые {shown}: уточните поиск</p>}
        {scanNote && (
          <p className={hint} role="status">
            {scanNote}
          </p>
        )}
      </div>
    </Dialog>
  );
}
