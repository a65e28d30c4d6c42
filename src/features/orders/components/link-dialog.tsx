import { useState } from 'react';
import { pageWindow } from '../../../lib/paging.ts';
import { searchCatalog, type CatalogProduct } from '../../../lib/product-catalog.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { item, list, name, small, thumb } from '../../../ui/drawer.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { SearchField, useSearchText } from '../../../ui/search-field.tsx';
import { Thumb } from '../../../ui/thumb.tsx';
import { useProductCatalog } from '../api/product-catalog.ts';
import type { UnlinkedOffer } from '../api/order-view.ts';

/**
 * «Связать с товаром…»: the warehouse products in a dialog, searchable by name or article, 50 a page; a tap on one
 * links the offer to it. The search starts with the order's line name, which usually finds the product at once.
 */
export function LinkDialog({
  offer,
  onClose,
  onPick,
}: {
  offer: UnlinkedOffer;
  onClose(): void;
  onPick(product: CatalogProduct): void;
}) {
  const catalog = useProductCatalog();
  const [page, setPage] = useState(1);
  const text = useSearchText('', () => setPage(1));
  const found = searchCatalog(catalog ?? [], text.deferred);
  const { page: current, pages, start, end } = pageWindow(found.length, page);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Связать артикул «${offer.offer_id}» с товаром`}>
      <Muted>
        {offer.store} · {offer.marketplace}: «{offer.name}». Заказы с этим артикулом, которые ждут, зарезервируют или
        продадут выбранный товар.
      </Muted>
      <SearchField text={text} label="Поиск товара" placeholder="Название или артикул" />
      {catalog && found.length === 0 && (
        <Muted>{text.query.trim() ? 'Ничего не найдено' : 'Товаров пока нет: сначала добавьте товар.'}</Muted>
      )}
      <ul className={list} aria-label="Товары склада">
        {found.slice(start, end).map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className={item}
              onClick={() => onPick(p)}
              aria-label={`Связать с товаром «${p.name}»`}
              data-testid="link-product"
            >
              <Thumb image={p.image} className={thumb} />
              <span className={name}>
                {p.name}
                {p.articles.length > 0 && <span className={small}>{p.articles.join(', ')}</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={current} pages={pages} onPage={setPage} />
    </Dialog>
  );
}
