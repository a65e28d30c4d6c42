import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isDateInRange, toApiDate } from '../../../lib/dates.ts';
import { notify } from '../../../state/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { button } from '../../../ui/controls.css.ts';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { Muted, Page } from '../../../ui/page.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { useDocumentScan } from '../../../ui/document-scan.tsx';
import { createReturn } from '../api/create-return.ts';
import { setReturnDeleted } from '../api/delete-return.ts';
import { importReturns } from '../api/import-returns.ts';
import { PRICE_MISSING, receiveReturns } from '../api/receive-returns.ts';
import { filterLabels, returnFilters, type ReturnsSearch } from '../api/returns-search.ts';
import type { Receivable, ReturnLine } from '../api/types.ts';
import { updateReturn, type PriceChoice } from '../api/update-return.ts';
import { useReturnList } from '../api/use-return-list.ts';
import { useProductCatalog } from '../api/product-catalog.ts';
import { ImportDialog } from './import-dialog.tsx';
import { PriceDialog } from './price-dialog.tsx';
import { ProductDrawer } from './product-drawer.tsx';
import { bar, filters, footer } from './returns.css.ts';
import { ReturnsTable } from './returns-table.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { MemberFilter } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';

export interface ReturnsScreenProps {
  search: ReturnsSearch;
  onSearchChange(patch: Partial<ReturnsSearch>): void;
}

/** docs/rules.md «Возвраты»: the price error shows 10 s; the rows' flags stay until the row is edited or received. */
export const ERROR_MS = 10_000;

/** /returns — «Возвраты» (docs/screens.md, docs/rules.md «Возвраты»): entirely from the device, edits queued. */
export function ReturnsScreen({ search, onSearchChange }: ReturnsScreenProps) {
  const list = useReturnList({ filter: search.status, member: search.member, page: search.page });
  const members = useMemberNames();
  // Loading returns from the marketplaces is the owner's and the managers'.
  const canImport = useCan('importReturns');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [pricing, setPricing] = useState<{ line: ReturnLine; status: Receivable } | null>(null);
  const [deleting, setDeleting] = useState<ReturnLine | null>(null);
  const [date, setDate] = useState(() => toApiDate());
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());

  const unflag = (id: string) =>
    setFlagged((f) => {
      if (!f.has(id)) return f;
      const next = new Set(f);
      next.delete(id);
      return next;
    });

  async function pick(productId: string, name: string) {
    await createReturn(productId);
    notify({ type: 'success', text: `Возврат «${name}» добавлен` }, 3_000);
  }

  // A scanned unit is one more return of 1 unit, as a click in «Добавить возврат» makes: each return gets its own
  // status and price when it is sorted, so units are not lumped into one row.
  const catalog = useProductCatalog();
  const scanned = useDocumentScan({
    products: catalog ?? [],
    async onProduct({ id, name }) {
      await pick(id, name);
      return null;
    },
  });

  async function startImport(dateStart: string) {
    setImportOpen(false);
    const outcome = await importReturns(dateStart);
    if (!outcome.ok) return notify({ type: 'warning', text: outcome.error }, 10_000);
    if (outcome.failed.length > 0)
      return notify({ type: 'error', text: `Не удалось загрузить: ${outcome.failed.join('; ')}` }, 10_000);
    notify({ type: 'info', text: 'Загрузка возвратов с маркетплейсов запущена' }, 3_000);
  }

  function chooseStatus(line: ReturnLine, status: Receivable | null) {
    unflag(line.id);
    if (status === null) return void updateReturn(line, { status: null });
    setPricing({ line, status });
  }

  async function applyPrice(choice: PriceChoice) {
    const target = pricing;
    setPricing(null);
    if (!target) return;
    unflag(target.line.id);
    const check = await updateReturn(target.line, { status: target.status, choice });
    if (!check.ok) notify({ type: 'error', text: check.error }, 10_000);
  }

  function editPrice(line: ReturnLine, field: 'price' | 'markdown_price', value: number) {
    unflag(line.id);
    return updateReturn(line, field === 'price' ? { price: value } : { markdown_price: value });
  }

  async function receive() {
    if (!isDateInRange(date)) return notify({ type: 'error', text: 'Укажите дату оприходования' }, 10_000);
    const outcome = await receiveReturns(date);
    if (!outcome.ok) {
      setFlagged(new Set(outcome.flagged));
      notify({ type: outcome.error === PRICE_MISSING ? 'error' : 'warning', text: outcome.error }, ERROR_MS);
      return;
    }
    setFlagged(new Set());
    notify({ type: 'success', text: `Оприходовано возвратов: ${outcome.count}` }, 3_000);
  }

  return (
    <Page title="Возвраты">
      <div className={bar}>
        <Button onClick={() => setDrawerOpen(true)}>Добавить возврат</Button>
        {canImport && (
          <Button variant="secondary" onClick={() => setImportOpen(true)}>
            Загрузить с маркетплейсов
          </Button>
        )}
        <Link className={button.secondary} to="/inventory/batches" search={{ is_return: true }}>
          Документы возвратов
        </Link>
        <MemberFilter
          members={members?.members ?? []}
          names={members?.names}
          value={search.member ?? ''}
          onChange={(member) => onSearchChange({ member: member || undefined, page: 1 })}
        />
      </div>
      <div className={`${bar} ${filters}`} role="group" aria-label="Статус возвратов">
        {returnFilters.map((f) => (
          <Button
            key={f}
            variant={search.status === f ? 'primary' : 'secondary'}
            aria-pressed={search.status === f}
            onClick={() => onSearchChange({ status: f, page: 1 })}
          >
            {filterLabels[f]}
          </Button>
        ))}
      </div>
      {list.loaded && list.matching === 0 ? (
        <Muted>
          {search.status === 'all' && !search.member
            ? canImport
              ? 'Возвратов пока нет. Добавьте возврат или загрузите с маркетплейсов.'
              : 'Возвратов пока нет. Добавьте возврат.'
            : 'Таких возвратов нет.'}
        </Muted>
      ) : (
        <ReturnsTable
          rows={list.rows}
          firstNumber={list.firstNumber}
          flagged={flagged}
          onStatus={chooseStatus}
          onPrice={editPrice}
          onDelete={setDeleting}
          onRestore={(r) => void setReturnDeleted(r, false)}
          names={members?.names}
        />
      )}
      <Pagination page={list.page} pages={list.pages} onPage={(page) => onSearchChange({ page })} />
      <div className={footer}>
        <DateField label="Дата оприходования" name="receipt_date" required value={date} onChange={setDate} />
        <Button onClick={() => void receive()}>Оприходовать</Button>
      </div>
      <ProductDrawer open={drawerOpen} onOpenChange={setDrawerOpen} onPick={(id, name) => void pick(id, name)} />
      {canImport && (
        <ImportDialog open={importOpen} onOpenChange={setImportOpen} onStart={(d) => void startImport(d)} />
      )}
      {scanned}
      <PriceDialog target={pricing} onCancel={() => setPricing(null)} onOk={(c) => void applyPrice(c)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Удалить возврат?"
        text={
          deleting
            ? `«${deleting.title}», ${deleting.count} шт. Удалённый возврат можно восстановить в фильтре «Удалённые».`
            : ''
        }
        confirmLabel="Удалить"
        danger
        onConfirm={() => {
          const row = deleting;
          setDeleting(null);
          if (row) void setReturnDeleted(row, true);
        }}
      />
    </Page>
  );
}
