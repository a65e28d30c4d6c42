import { useState, type ReactNode } from 'react';
import { searchCatalog, type CatalogProduct } from '../lib/product-catalog.ts';
import { pageWindow } from '../lib/paging.ts';
import { Button } from './button.tsx';
import { drawer, head, item, list, name, small, thumb, title } from './drawer.css.ts';
import { Muted } from './page.tsx';
import { Pagination } from './pagination.tsx';
import { SearchField, useSearchText } from './search-field.tsx';
import { Thumb } from './thumb.tsx';

export interface ProductDrawerViewProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** undefined while the device is still reading them. */
  products: readonly CatalogProduct[] | undefined;
  onPick(product: CatalogProduct): void;
  /** The button's accessible name, which says what a click does. */
  pickLabel(product: CatalogProduct): string;
  /** Shown at the end of a row (e.g. units on hand). */
  aside?(product: CatalogProduct): ReactNode;
}

/**
 * The side panel of warehouse products (docs/screens.md «Адреса»): searchable by name or article,
 * 50 per page. Not modal: the screen beside it stays usable.
 */
export function ProductDrawerView({ open, onOpenChange, products, onPick, pickLabel, aside }: ProductDrawerViewProps) {
  const [page, setPage] = useState(1);
  const text = useSearchText('', () => setPage(1));
  if (!open) return null;

  const found = searchCatalog(products ?? [], text.deferred);
  const { page: current, pages, start, end } = pageWindow(found.length, page);
  return (
    <aside className={drawer} aria-label="Товары склада">
      <div className={head}>
        <h2 className={title}>Товары</h2>
        <Button variant="secondary" onClick={() => onOpenChange(false)} aria-label="Закрыть список товаров">
          ✕
        </Button>
      </div>
      <SearchField text={text} label="Поиск товара" placeholder="Название или артикул" />
      {products && found.length === 0 && <Muted>{text.query.trim() ? 'Ничего не найдено' : 'Товаров пока нет'}</Muted>}
      <ul className={list}>
        {found.slice(start, end).map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className={item}
              onClick={() => onPick(p)}
              aria-label={pickLabel(p)}
              data-testid="drawer-product"
            >
              <Thumb image={p.image} className={thumb} />
              <span className={name}>
                {p.name}
                {p.articles.length > 0 && <span className={small}>{p.articles.join(', ')}</span>}
              </span>
              {aside?.(p)}
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={current} pages={pages} onPage={setPage} />
    </aside>
  );
}
