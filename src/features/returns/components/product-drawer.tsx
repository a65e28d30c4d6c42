import { useDeferredValue, useState } from 'react';
import { imageSrc } from '../../../lib/image-src.ts';
import { pageWindow } from '../../../lib/paging.ts';
import { Button } from '../../../ui/button.tsx';
import { Muted } from '../../../ui/page.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { searchCatalog, useProductCatalog } from '../api/product-catalog.ts';
import { drawer, drawerHead, drawerTitle, grow, item, list, small, thumb } from './returns.css.ts';

export interface ProductDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A product was clicked: a return of 1 unit of it is created. */
  onPick(productId: string, name: string): void;
}

/** The side panel of warehouse products (docs/screens.md «Адреса»): searchable, 50 per page; a click makes a return of 1. */
export function ProductDrawer({ open, onOpenChange, onPick }: ProductDrawerProps) {
  const catalog = useProductCatalog();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [page, setPage] = useState(1);
  if (!open) return null;
  const found = searchCatalog(catalog ?? [], deferred);
  const { page: current, pages, start, end } = pageWindow(found.length, page);
  return (
    <aside className={drawer} aria-label="Товары склада">
      <div className={drawerHead}>
        <h2 className={drawerTitle}>Товары</h2>
        <Button variant="secondary" onClick={() => onOpenChange(false)} aria-label="Закрыть список товаров">
          ✕
        </Button>
      </div>
      <TextField
        label="Поиск товара"
        type="search"
        placeholder="Название или артикул"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setPage(1);
        }}
      />
      {catalog && found.length === 0 && <Muted>{query.trim() ? 'Ничего не найдено' : 'Товаров пока нет'}</Muted>}
      <ul className={list}>
        {found.slice(start, end).map((p) => (
          <li key={p.id}>
            <button type="button" className={item} onClick={() => onPick(p.id, p.name)} aria-label={`Возврат «${p.name}»`} data-testid="drawer-product">
              {p.image ? <img className={thumb} src={imageSrc(p.image)} alt="" loading="lazy" /> : <span className={thumb} />}
              <span className={grow}>
                {p.name}
                {p.articles.length > 0 && <span className={small}>{p.articles.join(', ')}</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={current} pages={pages} onPage={setPage} />
    </aside>
  );
}
