import { useDeferredValue, useState } from 'react';
import { formatAmount } from '../../../lib/format.ts';
import { pageWindow } from '../../../lib/paging.ts';
import { Button } from '../../../ui/button.tsx';
import { Muted } from '../../../ui/page.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { imageSrc } from '../../../lib/image-src.ts';
import { searchCatalog } from '../api/product-catalog.ts';
import { useOnHand, useProductCatalog } from '../api/use-product-catalog.ts';
import { drawer, head, item, list, name, small, thumb, title } from './drawer.css.ts';

export interface ProductDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A product was clicked: the editor adds a line for it. */
  onPick(productId: string): void;
}

/**
 * The side panel of warehouse products a batch editor adds lines from (docs/screens.md «Адреса»): searchable by
 * name or article, 50 per page, with units on hand. Not modal: the lines stay editable beside it.
 */
export function ProductDrawer({ open, onOpenChange, onPick }: ProductDrawerProps) {
  const catalog = useProductCatalog();
  const onHand = useOnHand();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [page, setPage] = useState(1);
  if (!open) return null;

  const found = searchCatalog(catalog.products, deferred);
  const { page: current, pages, start, end } = pageWindow(found.length, page);
  const shown = found.slice(start, end);
  return (
    <aside className={drawer} aria-label="Товары склада">
      <div className={head}>
        <h2 className={title}>Товары</h2>
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
      {catalog.loaded && found.length === 0 && <Muted>{query.trim() ? 'Ничего не найдено' : 'Товаров пока нет'}</Muted>}
      <ul className={list}>
        {shown.map((p) => (
          <li key={p.id}>
            <button type="button" className={item} onClick={() => onPick(p.id)} aria-label={`Добавить «${p.name}»`} data-testid="drawer-product">
              {p.image ? <img className={thumb} src={imageSrc(p.image)} alt="" loading="lazy" /> : <span className={thumb} />}
              <span className={name}>
                {p.name}
                {p.articles.length > 0 && <span className={small}>{p.articles.join(', ')}</span>}
              </span>
              <span className={small}>{formatAmount(onHand.get(p.id) ?? 0)} шт.</span>
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={current} pages={pages} onPage={setPage} />
    </aside>
  );
}
