import { useRef, useState, type ReactNode } from 'react';
import { formatAmount, formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { ScrollArea } from '../../../ui/scroll-area.tsx';
import { planPurchaseImport } from '../api/import-purchase-file.ts';
import { linesFromFile, type FileLine, type PurchaseFilePlan } from '../api/purchase-file.ts';
import type { PurchaseLine } from '../api/purchase-lines.ts';
import { fileInput, fileSection, num, small, table, td, th } from './batches.css.ts';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function Lines({
  caption,
  testId,
  lines,
  head,
  cells,
}: {
  caption: string;
  testId: string;
  lines: FileLine[];
  head: string[];
  cells(l: FileLine): ReactNode;
}) {
  if (lines.length === 0) return null;
  return (
    <section className={fileSection} aria-label={caption}>
      <h3>
        {caption}: {lines.length}
      </h3>
      <ScrollArea>
        <table className={table}>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} className={i === 0 || h.startsWith('Кол') || h.startsWith('Цена') ? `${th} ${num}` : th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.row} data-testid={testId}>
                <td className={`${td} ${num}`}>{l.row}</td>
                {cells(l)}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}

const given = (l: FileLine) => [l.article, l.name].filter(Boolean).join(' · ') || '—';
const problems = (l: FileLine) => (
  <td className={td}>
    {l.problems.map((p) => (
      <span key={p} className={small}>
        {p}
      </span>
    ))}
  </td>
);

/**
 * «Загрузить из файла» (docs/screens.md «Адреса», /inventory/add): pick a CSV or XLSX purchase
 * list, see which lines matched a warehouse product and which did not (and why) before anything
 * changes; «Добавить» puts the matched lines into the editor as if typed, to be saved as usual.
 */
export function PurchaseFileImport({ onLines }: { onLines(lines: PurchaseLine[]): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<string>();
  const [plan, setPlan] = useState<PurchaseFilePlan>();
  const [error, setError] = useState<string>();
  const [reading, setReading] = useState(false);

  async function read(picked: File | undefined) {
    if (!picked) return;
    setReading(true);
    setFile(picked.name);
    try {
      setPlan(await planPurchaseImport(picked));
      setError(undefined);
    } catch (err) {
      setPlan(undefined);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setReading(false);
      // The same file may be picked again after it is fixed.
      if (input.current) input.current.value = '';
    }
  }

  const close = () => {
    setPlan(undefined);
    setError(undefined);
  };
  const add = () => {
    if (plan) onLines(linesFromFile(plan.matched));
    close();
  };

  return (
    <>
      <Button variant="secondary" disabled={reading} onClick={() => input.current?.click()}>
        {reading ? 'Читаем файл…' : 'Загрузить из файла'}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className={fileInput}
        aria-label="Файл закупки"
        onChange={(e) => void read(e.target.files?.[0])}
      />
      <Dialog
        open={!!plan || !!error}
        onOpenChange={(o) => !o && close()}
        title={`Загрузка из файла «${file ?? ''}»`}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {plan ? 'Отмена' : 'Закрыть'}
            </Button>
            {plan && (
              <Button disabled={plan.matched.length === 0} onClick={add}>
                Добавить строк: {plan.matched.length}
              </Button>
            )}
          </>
        }
      >
        {error && <p role="alert">{error}</p>}
        {plan && plan.matched.length + plan.unmatched.length + plan.invalid.length === 0 && (
          <p>В файле нет строк под заголовками.</p>
        )}
        {plan && (
          <>
            <Lines
              caption="Будут добавлены"
              testId="file-line-matched"
              lines={plan.matched}
              head={['Строка', 'Товар', 'Найден по', 'Количество', 'Цена']}
              cells={(l) => (
                <>
                  <td className={td}>
                    {l.product!.name}
                    {l.product!.articles.length > 0 && <span className={small}>{l.product!.articles.join(', ')}</span>}
                  </td>
                  <td className={td}>{matchedBy(l)}</td>
                  <td className={`${td} ${num}`}>{formatAmount(l.count!)}</td>
                  <td className={`${td} ${num}`}>{formatRoubles(l.price!)}</td>
                </>
              )}
            />
            <Lines
              caption="Не найдены на складе — не будут добавлены"
              testId="file-line-unmatched"
              lines={plan.unmatched}
              head={['Строка', 'В файле', 'Причина']}
              cells={(l) => (
                <>
                  <td className={td}>{given(l)}</td>
                  {problems(l)}
                </>
              )}
            />
            <Lines
              caption="Ошибки в количестве или цене — не будут добавлены"
              testId="file-line-invalid"
              lines={plan.invalid}
              head={['Строка', 'Товар', 'Причина']}
              cells={(l) => (
                <>
                  <td className={td}>{l.product!.name}</td>
                  {problems(l)}
                </>
              )}
            />
          </>
        )}
      </Dialog>
    </>
  );
}

function matchedBy(line: FileLine): string {
  if (line.product!.via === 'barcode') return `штрихкоду ${line.article}`;
  return line.product!.via === 'article' ? `артикулу ${line.article}` : 'названию';
}
