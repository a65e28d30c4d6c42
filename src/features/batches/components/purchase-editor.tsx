import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { notify } from '../../../state/app-state.ts';
import { DATE_MAX, DATE_MIN, isDateInRange, toApiDate } from '../../../lib/dates.ts';
import { calendarDay, formatAmount, formatDay, formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { formError, row } from '../../../ui/controls.css.ts';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { Card, Heading, Muted, Page } from '../../../ui/page.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { lastPurchasePrice } from '../api/last-price.ts';
import { lineFromLot, lineProblem, lineState, newLine, totals, type PurchaseLine } from '../api/purchase-lines.ts';
import { savePurchase } from '../api/save-purchase.ts';
import { useBatch, type BatchContents } from '../api/use-batch.ts';
import { useProductCatalog } from '../api/use-product-catalog.ts';
import { BatchOutflows } from './batch-outflows.tsx';
import { totalsLine } from './batches.css.ts';
import { besideDrawer } from './drawer.css.ts';
import { ProductDrawer } from './product-drawer.tsx';
import { PurchaseLinesTable } from './purchase-lines-table.tsx';

/** /inventory/add (no batchId) and /inventory/edit/{batch_id}. */
export function PurchaseEditorPage({ batchId }: { batchId?: string }) {
  return batchId ? <EditPurchase key={batchId} batchId={batchId} /> : <PurchaseEditor />;
}

function EditPurchase({ batchId }: { batchId: string }) {
  const contents = useBatch(batchId);
  if (contents === undefined) return <Page title="Изменение партии" />;
  if (contents === null)
    return (
      <Page title="Изменение партии">
        <Card>
          <Heading>Партия не найдена</Heading>
          <Muted>На устройстве нет такой партии: она удалена или ещё не загружена с сервера.</Muted>
        </Card>
      </Page>
    );
  return <PurchaseEditor contents={contents} />;
}

const byProduct = (a: PurchaseLine, b: PurchaseLine) => a.product_id.localeCompare(b.product_id) || a.id.localeCompare(b.id);

/** The purchase editor (docs/screens.md «Адреса»): lines from the product drawer, a receipt date, one confirmed save. */
function PurchaseEditor({ contents }: { contents?: BatchContents }) {
  const navigate = useNavigate();
  const catalog = useProductCatalog();
  const editing = contents !== undefined;
  // Started once from the batch; the saved lots below stay live, so highlights follow each save.
  const [lines, setLines] = useState<PurchaseLine[]>(() => (contents ? contents.lots.map(lineFromLot).sort(byProduct) : []));
  const [date, setDate] = useState(() => (contents ? calendarDay(contents.batch.date) : toApiDate()));
  const [drawerOpen, setDrawerOpen] = useState(!editing);
  const [flagging, setFlagging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const saved = useMemo(() => new Map((contents?.lots ?? []).map((l) => [l.id, l])), [contents]);
  const removable = !contents || (contents.markdowns.length === 0 && contents.disposals.length === 0);
  const sum = totals(lines);
  const flagged = flagging && lines.some((l) => lineProblem(l, saved.get(l.id)));

  async function pick(productId: string) {
    const price = await lastPurchasePrice(productId);
    setLines((ls) => [...ls, newLine(productId, price)]);
  }
  const change = (id: string, patch: Partial<PurchaseLine>) => setLines((ls) => ls.map((l) => (l.id === id ? { ...l, ...patch } : l)));

  function changed(): boolean {
    if (!contents) return true;
    const kept = new Set(lines.map((l) => l.id));
    return date !== calendarDay(contents.batch.date) || contents.lots.some((l) => !kept.has(l.id)) || lines.some((l) => lineState(l, saved.get(l.id)) !== 'same');
  }

  function submit() {
    setError(undefined);
    if (!isDateInRange(date)) return setError('Укажите дату поступления от 01.01.1900 до 31.12.2099');
    if (lines.some((l) => lineProblem(l, saved.get(l.id)))) return setFlagging(true);
    if (contents && !changed()) return notify({ type: 'info', text: 'Изменений нет' }, 3_000);
    setConfirming(true);
  }

  async function save() {
    setConfirming(false);
    setSaving(true);
    try {
      const otherIds = contents?.otherRealizations.map((o) => o.id);
      await savePurchase({ batch: contents?.batch, saved: contents?.lots, otherIds, date, lines });
      if (editing) notify({ type: 'info', text: 'Данные обновлены' }, 3_000);
      else void navigate({ to: '/inventory/batches', search: { is_return: false } });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  }

  const title = contents ? `Партия от ${formatDay(contents.batch.date)}` : 'Оприходование товара';
  return (
    <Page title={title}>
      <div className={drawerOpen ? besideDrawer : undefined}>
        <div className={toolbar}>
          <TextField label="Дата поступления" type="date" min={DATE_MIN} max={DATE_MAX} required value={date} onChange={(e) => setDate(e.target.value)} />
          <div className={row}>
            <Button variant="secondary" aria-expanded={drawerOpen} onClick={() => setDrawerOpen((o) => !o)}>
              Товары
            </Button>
            <Button disabled={lines.length === 0 || saving} onClick={submit}>
              {editing ? 'Обновить' : 'Оприходовать'}
            </Button>
          </div>
        </div>
        {flagged && <p className={formError}>Укажите количество и цену больше 0 в выделенных строках</p>}
        {error && (
          <p className={formError} role="alert">
            {error}
          </p>
        )}
        {lines.length === 0 ? (
          <Muted>В списке нет товаров для оприходования. Добавьте их из списка «Товары».</Muted>
        ) : (
          <>
            <PurchaseLinesTable
              lines={lines}
              saved={saved}
              products={catalog.byId}
              flagging={flagging}
              removable={removable}
              onChange={change}
              onRemove={(id) => setLines((ls) => ls.filter((l) => l.id !== id))}
            />
            <p className={totalsLine} data-testid="purchase-totals">
              Итого: {formatAmount(sum.count)} шт. на сумму {formatRoubles(sum.sum)}
            </p>
          </>
        )}
        {contents && <BatchOutflows contents={contents} products={catalog.byId} />}
      </div>
      <ProductDrawer open={drawerOpen} onOpenChange={setDrawerOpen} onPick={(id) => void pick(id)} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={editing ? 'Обновить партию?' : 'Оприходовать товар?'}
        text={`Всего ${formatAmount(sum.count)} шт. на сумму ${formatRoubles(sum.sum)}.`}
        confirmLabel={editing ? 'Обновить' : 'Оприходовать'}
        onConfirm={() => void save()}
      />
    </Page>
  );
}
