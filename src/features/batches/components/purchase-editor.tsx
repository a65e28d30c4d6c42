import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { formatAmount, formatDay, formatRoubles } from '../../../lib/format.ts';
import { useDocumentDraft } from '../../../lib/use-document-draft.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { DocumentEditor } from '../../../ui/document-editor.tsx';
import { useDocumentScan } from '../../../ui/document-scan.tsx';
import { LabelsDialog } from '../../../ui/labels-dialog.tsx';
import { NotFoundPage, Page } from '../../../ui/page.tsx';
import { lastPurchasePrice } from '../api/last-price.ts';
import { useReceiptLabelItems } from '../api/label-items.ts';
import {
  lineCount,
  lineFromLot,
  lineProblem,
  lineState,
  newLine,
  totals,
  type PurchaseLine,
} from '../api/purchase-lines.ts';
import { savePurchase } from '../api/save-purchase.ts';
import { useBatch, type BatchContents } from '../api/use-batch.ts';
import { useProductCatalog } from '../api/use-product-catalog.ts';
import { BatchOutflows } from './batch-outflows.tsx';
import { ProductDrawer } from './product-drawer.tsx';
import { PurchaseFileImport } from './purchase-file-import.tsx';
import { PurchaseLinesTable } from './purchase-lines-table.tsx';
import { useCan, useSeesCosts } from '../../../lib/permissions.ts';

/** /inventory/add (no batchId) and /inventory/edit/{batch_id}. */
export function PurchaseEditorPage({ batchId }: { batchId?: string }) {
  return batchId ? <EditPurchase key={batchId} batchId={batchId} /> : <PurchaseEditor />;
}

function EditPurchase({ batchId }: { batchId: string }) {
  const contents = useBatch(batchId);
  if (contents === undefined) return <Page title="Изменение партии" />;
  if (contents === null)
    return (
      <NotFoundPage
        title="Изменение партии"
        heading="Партия не найдена"
        text="На устройстве нет такой партии: она удалена или ещё не загружена с сервера."
      />
    );
  return <PurchaseEditor contents={contents} />;
}

const byProduct = (a: PurchaseLine, b: PurchaseLine) =>
  a.product_id.localeCompare(b.product_id) || a.id.localeCompare(b.id);

/**
 * The purchase editor (docs/screens.md «Адреса»): lines from the product drawer, a receipt date, one confirmed save.
 */
function PurchaseEditor({ contents }: { contents?: BatchContents }) {
  const navigate = useNavigate();
  const catalog = useProductCatalog();
  const editing = contents !== undefined;
  const saved = useMemo(() => new Map((contents?.lots ?? []).map((l) => [l.id, l])), [contents]);
  const draft = useDocumentDraft<PurchaseLine>({
    saved: contents && { date: contents.batch.date, ids: contents.lots.map((l) => l.id) },
    initialLines: () => (contents ? contents.lots.map(lineFromLot).sort(byProduct) : []),
    problem: (_lines, l) => lineProblem(l, saved.get(l.id)),
    state: (l) => lineState(l, saved.get(l.id)),
    dateError: 'Укажите дату поступления от 01.01.1900 до 31.12.2099',
  });
  const { lines, setLines, date } = draft;
  const [confirming, setConfirming] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const labelItems = useReceiptLabelItems(
    lines.map((l) => ({ product_id: l.product_id, count: lineCount(l) })),
    labelsOpen,
  );
  const removable = !contents || (contents.markdowns.length === 0 && contents.disposals.length === 0);
  const sum = totals(lines);
  // A member without costs types prices but sees no sums: the saved lines' prices are not theirs to add up.
  const costs = useSeesCosts();
  const canCreateCodes = useCan('productEdit');

  async function pick(productId: string) {
    const price = await lastPurchasePrice(productId);
    setLines((ls) => [...ls, newLine(productId, price)]);
  }
  // A scan counts one more unit on the product's line, or adds the line (at its last purchase price) on the first scan.
  // Decided inside the state update, so two quick scans of a new product make one line of 2, not two lines.
  const scanned = useDocumentScan({
    products: catalog.products,
    async onProduct({ id }) {
      const price = await lastPurchasePrice(id);
      setLines((ls) => {
        let at = -1;
        ls.forEach((l, i) => {
          if (l.product_id === id) at = i;
        });
        if (at === -1) return [...ls, newLine(id, price)];
        return ls.map((l, i) => (i === at ? { ...l, count: String(Math.floor(lineCount(l)) + 1) } : l));
      });
      return null;
    },
  });
  const change = (id: string, patch: Partial<PurchaseLine>) =>
    setLines((ls) => ls.map((l) => (l.id === id ? { ...l, ...patch } : l)));

  function save() {
    setConfirming(false);
    const otherIds = contents?.otherRealizations.map((o) => o.id);
    void draft.save(
      () => savePurchase({ batch: contents?.batch, saved: contents?.lots, otherIds, date, lines }),
      () => void navigate({ to: '/inventory/batches', search: { is_return: false } }),
    );
  }

  return (
    <DocumentEditor
      title={contents ? `Партия от ${formatDay(contents.batch.date)}` : 'Оприходование товара'}
      dateLabel="Дата поступления"
      date={date}
      onDate={draft.setDate}
      submitLabel={editing ? 'Обновить' : 'Оприходовать'}
      canSubmit={lines.length > 0 && !draft.saving}
      onSubmit={() => draft.ready() && setConfirming(true)}
      flagged={draft.flagged ? 'Укажите количество и цену больше 0 в выделенных строках' : undefined}
      error={draft.error}
      empty={lines.length === 0 ? 'В списке нет товаров для оприходования. Добавьте их из списка «Товары».' : undefined}
      totals={{ count: sum.count, sum: costs ? sum.sum : null }}
      totalsTestId="purchase-totals"
      after={contents && <BatchOutflows contents={contents} products={catalog.byId} />}
      Drawer={ProductDrawer}
      drawerAtStart={!editing}
      onPick={(id) => void pick(id)}
      actions={
        <>
          <PurchaseFileImport onLines={(added) => setLines((ls) => [...ls, ...added])} />
          <Button variant="secondary" disabled={lines.length === 0} onClick={() => setLabelsOpen(true)}>
            Этикетки
          </Button>
          {contents && (
            // The read-only document, where «Экспорт» saves it (/inventory/batches/{batch_id}).
            <Button
              variant="secondary"
              onClick={() =>
                void navigate({ to: '/inventory/batches/$batchId', params: { batchId: contents.batch.id } })
              }
            >
              Документ и экспорт
            </Button>
          )}
        </>
      }
      dialog={
        <>
          {scanned}
          <LabelsDialog
            open={labelsOpen}
            onOpenChange={setLabelsOpen}
            items={labelItems}
            canCreateCodes={canCreateCodes}
          />
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={editing ? 'Обновить партию?' : 'Оприходовать товар?'}
            text={
              costs
                ? `Всего ${formatAmount(sum.count)} шт. на сумму ${formatRoubles(sum.sum)}.`
                : `Всего ${formatAmount(sum.count)} шт.`
            }
            confirmLabel={editing ? 'Обновить' : 'Оприходовать'}
            onConfirm={save}
          />
        </>
      }
    >
      <PurchaseLinesTable
        lines={lines}
        saved={saved}
        products={catalog.byId}
        flagging={draft.flagging}
        removable={removable}
        onChange={change}
        onRemove={draft.remove}
        seesCosts={costs}
      />
    </DocumentEditor>
  );
}
