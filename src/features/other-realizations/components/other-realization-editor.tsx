import { useNavigate } from '@tanstack/react-router';
import { useMemo, type ComponentType } from 'react';
import { formatDay } from '../../../lib/format.ts';
import { useDocumentDraft } from '../../../lib/use-document-draft.ts';
import { DocumentEditor } from '../../../ui/document-editor.tsx';
import { useDocumentScan } from '../../../ui/document-scan.tsx';
import { NotFoundPage, Page } from '../../../ui/page.tsx';
import {
  lineCount,
  lineFromRow,
  lineProblem,
  lineState,
  maxFor,
  newLine,
  totals,
  withCount,
  type OtherLine,
} from '../api/other-lines.ts';
import { saveOtherRealizations } from '../api/save-other-realizations.ts';
import type { ProductDrawerProps } from '../api/types.ts';
import { useAvailable } from '../api/use-available.ts';
import { useOtherBatch, type OtherBatch } from '../api/use-other-batch.ts';
import { useProducts } from '../api/use-products.ts';
import { OtherLinesTable } from './other-lines-table.tsx';
import { useSeesCosts } from '../../../lib/permissions.ts';

export interface OtherRealizationPageProps {
  /** Absent on /other-realizations/add. */
  batchId?: string;
  /** The product drawer, composed in by the route (it lives with the batch screens). */
  Drawer: ComponentType<ProductDrawerProps>;
}

/** /other-realizations/add and /other-realizations/edit/{batch_id} (docs/screens.md «Адреса»). */
export function OtherRealizationPage({ batchId, Drawer }: OtherRealizationPageProps) {
  return batchId ? (
    <EditOther key={batchId} batchId={batchId} Drawer={Drawer} />
  ) : (
    <OtherRealizationEditor Drawer={Drawer} />
  );
}

function EditOther({ batchId, Drawer }: { batchId: string; Drawer: OtherRealizationPageProps['Drawer'] }) {
  const doc = useOtherBatch(batchId);
  if (doc === undefined) return <Page title="Прочая реализация" />;
  if (doc === null)
    return (
      <NotFoundPage
        title="Прочая реализация"
        heading="Документ не найден"
        text="На устройстве нет такого документа: он удалён или ещё не загружен с сервера."
      />
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
  const draft = useDocumentDraft<OtherLine>({
    saved: doc && { date: doc.batch.date, ids: savedRows.map((r) => r.id) },
    initialLines: () => savedRows.map(lineFromRow),
    problem: (lines, l) => lineProblem(lines, l, available, saved.get(l.id)),
    state: (l) => lineState(l, saved.get(l.id)),
    dateError: 'Укажите дату реализации от 01.01.1900 до 31.12.2099',
  });
  const { lines, setLines, date } = draft;
  // A member without costs types prices but sees no sums: the saved rows' prices are not theirs to add up.
  const costs = useSeesCosts();
  const sum = totals(lines);

  function pick(productId: string) {
    setLines((ls) => {
      const line = newLine(productId);
      const all = [...ls, line];
      // Stock not read yet: one unit, checked again on saving.
      return all.map((l) =>
        l.id === line.id && (!loadedStock || maxFor(all, l.id, available) >= 1) ? { ...l, count: '1' } : l,
      );
    });
  }
  // A scan takes one more unit of the product: onto its last line, or a new line; refused when no free unit is left.
  const scanned = useDocumentScan({
    products: useMemo(() => [...products].map(([id, p]) => ({ id, name: p.name, articles: p.articles })), [products]),
    onProduct({ id, name }) {
      if (!loadedStock) return `Остатки ещё загружаются: отсканируйте «${name}» ещё раз`;
      const last = lines.findLast((l) => l.product_id === id);
      const free = last ? maxFor(lines, last.id, available) - lineCount(last) : (available.get(id) ?? 0);
      const taken = lines.filter((l) => l.product_id === id).reduce((n, l) => n + lineCount(l), 0);
      if (free < 1)
        return `Нет свободного остатка «${name}»: ${taken > 0 ? `все ${taken} шт. уже в документе` : '0 шт.'}`;
      if (last) change(last.id, { count: String(Math.floor(lineCount(last)) + 1) });
      else pick(id);
      return null;
    },
  });
  function change(id: string, patch: Partial<OtherLine>) {
    setLines((ls) => {
      const next = ls.map((l) => (l.id === id ? { ...l, ...patch, count: l.count } : l));
      return patch.count === undefined ? next : withCount(next, id, patch.count, available);
    });
  }

  function submit() {
    if (!draft.ready()) return;
    void draft.save(
      () => saveOtherRealizations({ batch: doc?.batch, saved: savedRows, lotIds: doc?.lotIds, date, lines }),
      () => void navigate({ to: '/inventory/batches', search: { is_other: true } }),
    );
  }

  return (
    <DocumentEditor
      title={doc ? `Прочая реализация от ${formatDay(doc.batch.date)}` : 'Списание и прочая реализация'}
      dateLabel="Дата реализации"
      date={date}
      onDate={draft.setDate}
      submitLabel={doc ? 'Обновить' : 'Реализовать'}
      canSubmit={lines.length > 0 && !draft.saving}
      onSubmit={submit}
      flagged={draft.flagged ? 'Укажите количество больше 0 и маркетплейс в выделенных строках' : undefined}
      error={draft.error}
      empty={lines.length === 0 ? 'В списке нет товаров для реализации. Добавьте их из списка «Товары».' : undefined}
      totals={{ count: sum.count, sum: costs ? sum.sum : null }}
      totalsTestId="other-totals"
      Drawer={Drawer}
      drawerAtStart={!doc}
      onPick={pick}
      dialog={scanned}
    >
      <OtherLinesTable
        lines={lines}
        saved={saved}
        products={products}
        available={available}
        flagging={draft.flagging}
        onChange={change}
        onRemove={draft.remove}
        seesCosts={costs}
      />
    </DocumentEditor>
  );
}
