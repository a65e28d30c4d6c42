import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type ComponentType } from 'react';
import { notify } from '../../../state/app-state.ts';
import { DATE_MAX, DATE_MIN, isDateInRange, toApiDate } from '../../../lib/dates.ts';
import { calendarDay, formatAmount, formatDay, formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { formError, row } from '../../../ui/controls.css.ts';
import { Card, Heading, Muted, Page } from '../../../ui/page.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { lineFromRow, lineProblem, lineState, maxFor, newLine, totals, withCount, type OtherLine } from '../api/other-lines.ts';
import { saveOtherRealizations } from '../api/save-other-realizations.ts';
import type { ProductDrawerProps } from '../api/types.ts';
import { useAvailable } from '../api/use-available.ts';
import { useOtherBatch, type OtherBatch } from '../api/use-other-batch.ts';
import { useProducts } from '../api/use-products.ts';
import { OtherLinesTable } from './other-lines-table.tsx';
import { besideDrawer, totalsLine } from './other.css.ts';

export interface OtherRealizationPageProps {
  /** Absent on /other-realizations/add. */
  batchId?: string;
  /** The product drawer, composed in by the route (it lives with the batch screens). */
  Drawer: ComponentType<ProductDrawerProps>;
}

/** /other-realizations/add and /other-realizations/edit/{batch_id} (docs/screens.md «Адреса»). */
export function OtherRealizationPage({ batchId, Drawer }: OtherRealizationPageProps) {
  return batchId ? <EditOther key={batchId} batchId={batchId} Drawer={Drawer} /> : <OtherRealizationEditor Drawer={Drawer} />;
}

function EditOther({ batchId, Drawer }: { batchId: string; Drawer: OtherRealizationPageProps['Drawer'] }) {
  const doc = useOtherBatch(batchId);
  if (doc === undefined) return <Page title="Прочая реализация" />;
  if (doc === null)
    return (
      <Page title="Прочая реализация">
        <Card>
          <Heading>Документ не найден</Heading>
          <Muted>На устройстве нет такого документа: он удалён или ещё не загружен с сервера.</Muted>
        </Card>
      </Page>
    );
  return <OtherRealizationEditor doc={doc} Drawer={Drawer} />;
}

const noRows: OtherBatch['rows'] = [];

function OtherRealizationEditor({ doc, Drawer }: { doc?: OtherBatch; Drawer: OtherRealizationPageProps['Drawer'] }) {
  const navigate = useNavigate();
  const products = useProducts();
  const savedRows = doc?.rows ?? noRows;
  const loadedStock = useAvailable(savedRows);
  const available = useMemo(() => loadedStock ?? new Map<string, number>(), [loadedStock]);
  const saved = useMemo(() => new Map(savedRows.map((r) => [r.id, r])), [savedRows]);
  // Started once from the document; `saved` stays live, so highlights follow each save.
  const [lines, setLines] = useState<OtherLine[]>(() => savedRows.map(lineFromRow));
  const [date, setDate] = useState(() => (doc ? calendarDay(doc.batch.date) : toApiDate()));
  const [drawerOpen, setDrawerOpen] = useState(!doc);
  const [flagging, setFlagging] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const sum = totals(lines);
  const flagged = flagging && lines.some((l) => lineProblem(lines, l, available));

  function pick(productId: string) {
    setLines((ls) => {
      const line = newLine(productId);
      const all = [...ls, line];
      // Stock not read yet: one unit, checked again on saving.
      return all.map((l) => (l.id === line.id && (!loadedStock || maxFor(all, l.id, available) >= 1) ? { ...l, count: '1' } : l));
    });
  }
  function change(id: string, patch: Partial<OtherLine>) {
    setLines((ls) => {
      const next = ls.map((l) => (l.id === id ? { ...l, ...patch, count: l.count } : l));
      return patch.count === undefined ? next : withCount(next, id, patch.count, available);
    });
  }

  async function submit() {
    setError(undefined);
    if (!isDateInRange(date)) return setError('Укажите дату реализации от 01.01.1900 до 31.12.2099');
    if (lines.some((l) => lineProblem(lines, l, available))) return setFlagging(true);
    if (doc && !changed()) return notify({ type: 'info', text: 'Изменений нет' }, 3_000);
    setSaving(true);
    try {
      await saveOtherRealizations({ batch: doc?.batch, saved: savedRows, lotIds: doc?.lotIds, date, lines });
      if (doc) notify({ type: 'info', text: 'Данные обновлены' }, 3_000);
      else void navigate({ to: '/inventory/batches', search: { is_other: true } });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  }

  function changed(): boolean {
    const kept = new Set(lines.map((l) => l.id));
    return date !== calendarDay(doc!.batch.date) || savedRows.some((r) => !kept.has(r.id)) || lines.some((l) => lineState(l, saved.get(l.id)) !== 'same');
  }

  return (
    <Page title={doc ? `Прочая реализация от ${formatDay(doc.batch.date)}` : 'Списание и прочая реализация'}>
      <div className={drawerOpen ? besideDrawer : undefined}>
        <div className={toolbar}>
          <TextField label="Дата реализации" type="date" min={DATE_MIN} max={DATE_MAX} required value={date} onChange={(e) => setDate(e.target.value)} />
          <div className={row}>
            <Button variant="secondary" aria-expanded={drawerOpen} onClick={() => setDrawerOpen((o) => !o)}>
              Товары
            </Button>
            <Button disabled={lines.length === 0 || saving} onClick={() => void submit()}>
              {doc ? 'Обновить' : 'Реализовать'}
            </Button>
          </div>
        </div>
        {flagged && <p className={formError}>Укажите количество больше 0 и маркетплейс в выделенных строках</p>}
        {error && (
          <p className={formError} role="alert">
            {error}
          </p>
        )}
        {lines.length === 0 ? (
          <Muted>В списке нет товаров для реализации. Добавьте их из списка «Товары».</Muted>
        ) : (
          <>
            <OtherLinesTable
              lines={lines}
              saved={saved}
              products={products}
              available={available}
              flagging={flagging}
              onChange={change}
              onRemove={(id) => setLines((ls) => ls.filter((l) => l.id !== id))}
            />
            <p className={totalsLine} data-testid="other-totals">
              Итого: {formatAmount(sum.count)} шт. на сумму {formatRoubles(sum.sum)}
            </p>
          </>
        )}
      </div>
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} onPick={pick} />
    </Page>
  );
}
