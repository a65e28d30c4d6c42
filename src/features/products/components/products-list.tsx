import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { notify } from '../../../state/app-state.ts';
import { formatAmount, formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { row } from '../../../ui/controls.css.ts';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { Muted, Page } from '../../../ui/page.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { SearchField, useSearchText, type ListScreenProps } from '../../../ui/search-field.tsx';
import { exportProducts } from '../api/export-products.ts';
import { groupProducts } from '../api/group-products.ts';
import { importFromMarketplaces } from '../api/import-products.ts';
import type { ProductsSearch } from '../api/products-search.ts';
import { useProductTable, type ProductTable } from '../api/use-product-table.ts';
import { ProductsTable } from './products-table.tsx';
import { summary as summaryClass } from './products.css.ts';
import { can, seesCosts, useMembership } from '../../../lib/permissions.ts';
import { attachBarcode } from '../../../scan/attach-barcode.ts';
import { findProductByBarcode } from '../../../scan/find-product.ts';
import { useScan } from '../../../scan/use-scan.ts';
import { UnknownBarcodeDialog } from '../../../ui/unknown-barcode-dialog.tsx';
import { useProductChoices } from '../api/product-choices.ts';

/**
 * What the screen says while the list comes from the server: the catalog is still loading to the
 * device, or — with no answer from the server either — that the list cannot be shown yet.
 */
function CatalogLoading({ filling, problem, loaded }: Pick<ProductTable, 'filling' | 'problem' | 'loaded'>) {
  if (problem?.offline)
    return (
      <p className={summaryClass} role="alert" data-testid="catalog-offline">
        Нет связи с сервером, а каталог ещё не загружен на это устройство: список товаров появится, когда связь
        вернётся.
        {loaded && ' Показана последняя полученная страница.'}
      </p>
    );
  return (
    <>
      {problem && (
        <p className={summaryClass} role="alert" data-testid="catalog-problem">
          Список товаров не загрузился: {problem.text}
        </p>
      )}
      {filling && (
        <p className={summaryClass} role="status" data-testid="catalog-loading">
          Каталог загружается на устройство… Пока он не загрузился целиком, список, поиск и остатки приходят с сервера.
        </p>
      )}
    </>
  );
}

export type ProductsListProps = ListScreenProps<ProductsSearch>;

/**
 * /products — «Товары» (docs/screens.md «Адреса»), from the device; from the server while a fresh
 * device's first pull fills its mirror (../api/use-product-table.ts).
 */
export function ProductsList({ search, onSearchChange }: ProductsListProps) {
  const navigate = useNavigate();
  const membership = useMembership();
  const canGroup = can(membership, 'productGroup');
  const costs = seesCosts(membership);
  const text = useSearchText(search.search, (s) => onSearchChange({ search: s, page: 1 }));
  // The typed text itself, not its deferred copy: filtering is one pass over prepared strings and
  // only a page of rows renders, so the list follows in the keystroke's own render instead of a
  // second one a frame later.
  const table = useProductTable({ search: text.query, order: search.order_by, page: search.page });
  // Selection order matters: the first picked product is the one the others are grouped into.
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmGroup, setConfirmGroup] = useState(false);

  // Stable, so the rows re-render only when they change (the address catching up with a keystroke does not).
  const toggle = useCallback(
    (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])),
    [],
  );
  const order = useCallback(
    (order_by: ProductsSearch['order_by']) => onSearchChange({ order_by, page: 1 }),
    [onSearchChange],
  );
  const openProduct = useCallback(
    (productId: string) => void navigate({ to: '/product/$productId', params: { productId } }),
    [navigate],
  );

  // A scan (scanner or camera) opens the product with that code; an unknown code may be attached to one.
  const canAttach = can(membership, 'productEdit');
  const [unknownCode, setUnknownCode] = useState<string | null>(null);
  const choices = useProductChoices(unknownCode !== null);
  useScan(async (code) => {
    const found = await findProductByBarcode(code);
    if (found) {
      openProduct(found.id);
      return 'ok';
    }
    if (canAttach) setUnknownCode(code);
    else notify({ type: 'warning', text: `Штрихкод ${code} не найден` }, 5_000);
    return 'unknown';
  });

  async function startImport() {
    if (!(await importFromMarketplaces())) {
      notify(
        { type: 'warning', text: 'Нет магазинов с маркетплейсом: добавьте магазин и выберите маркетплейс' },
        10_000,
      );
      return;
    }
    const text = navigator.onLine
      ? 'Загрузка товаров с маркетплейсов запущена'
      : 'Загрузка начнётся, когда появится связь';
    notify({ type: 'info', text }, 3_000);
  }

  async function group() {
    setConfirmGroup(false);
    const [main, ...others] = selected;
    if (!main || others.length === 0) return;
    await groupProducts(main, others);
    setSelected([]);
    notify({ type: 'success', text: `Объединено товаров: ${others.length + 1}` }, 3_000);
  }

  return (
    <Page title="Товары">
      <div className={toolbar}>
        <div className={row}>
          {can(membership, 'productCreate') && (
            <Button onClick={() => void navigate({ to: '/new/product' })}>Добавить</Button>
          )}
          {can(membership, 'importProducts') && (
            <Button variant="secondary" onClick={() => void startImport()}>
              Загрузить с маркетплейсов
            </Button>
          )}
          {canGroup && selected.length >= 2 && (
            <Button variant="secondary" onClick={() => setConfirmGroup(true)}>
              Сгруппировать ({selected.length})
            </Button>
          )}
        </div>
        {/* Every matching row in the table's order, not only this page: from the device, so once it holds them all. */}
        {table.source === 'device' && (
          <ExportMenu onExport={(format) => exportProducts({ search: text.query, order: search.order_by }, format)} />
        )}
      </div>
      {table.summary ? (
        <p className={summaryClass} data-testid="stock-summary">
          На складе: {formatAmount(table.summary.count)} шт.
          {costs && ` на сумму ${formatRoubles(table.summary.total)}`}
        </p>
      ) : (
        <CatalogLoading filling={table.filling} problem={table.problem} loaded={table.loaded} />
      )}
      <SearchField text={text} name="search" placeholder="Название, артикул или штрихкод" />
      {table.loaded && !table.problem && table.matching === 0 && (
        <Muted>
          {text.query.trim() ? 'Ничего не найдено' : 'Товаров пока нет. Добавьте товар или загрузите с маркетплейсов.'}
        </Muted>
      )}
      {table.rows.length > 0 && (
        <ProductsTable
          rows={table.rows}
          firstNumber={table.firstNumber}
          order={search.order_by}
          onOrder={order}
          selected={selected}
          // Grouping moves the device's rows: not offered for rows the device does not hold yet.
          onToggle={canGroup && table.source === 'device' ? toggle : undefined}
          seesCosts={costs}
          onOpen={openProduct}
        />
      )}
      <Pagination page={table.page} pages={table.pages} onPage={(page) => onSearchChange({ page })} />
      <ConfirmDialog
        open={confirmGroup}
        onOpenChange={setConfirmGroup}
        title="Сгруппировать товары?"
        text={`Выбрано товаров: ${selected.length}. Карточки маркетплейсов, партии и история перейдут к первому выбранному, остальные товары будут удалены.`}
        confirmLabel="Сгруппировать"
        onConfirm={() => void group()}
      />
      <UnknownBarcodeDialog
        code={unknownCode}
        products={choices}
        onAttach={async (productId) => {
          if (unknownCode === null) return;
          await attachBarcode(productId, unknownCode);
          notify({ type: 'success', text: `Штрихкод ${unknownCode} привязан` }, 3_000);
          openProduct(productId);
        }}
        onClose={() => setUnknownCode(null)}
      />
    </Page>
  );
}
