import { useState } from 'react';
import { formatAmount } from '../../../lib/format.ts';
import { pageWindow } from '../../../lib/paging.ts';
import { Button } from '../../../ui/button.tsx';
import { Muted } from '../../../ui/page.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import type { ProductDrawerProps } from '../../../ui/document-editor.tsx';
import { SearchField, useSearchText } from '../../../ui/search-field.tsx';
import { Thumb } from '../../../ui/thumb.tsx';
import { searchCatalog } from '../api/product-catalog.ts';
import { useOnHand, useProductCatalog } from '../api/use-product-catalog.ts';
import { drawer, head, item, list, name, small, thumb, title } from './drawer.css.ts';

/**
 * The side panel of warehouse products a batch editor adds lines from (docs/screens.md «Адреса»): searchable by
 * name or article, 50 per page, with units on hand. Not modal: the lines stay editable beside it.
 */
export function ProductDrawer({ open, onOpenChange, onPick }: ProductDrawerProps) {
  const catalog = useProductCatalog();
  const onHand = useOnHand();
  const [page, setPage] = useState(1);
  const text = useSearchText('', () => setPage(1));
  if (!open) return null;

  const found = searchCatalog(catalog.products, text.deferred);
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
      <SearchField text={text} label="Поиск товара" placeholder="Название или артикул" />
      {catalog.loaded && found.length === 0 && <Muted>{text.query.trim() ? 'Ничего не найдено' : 'Товаров пока нет'}</Muted>}
      <ul className={list}>
        {shown.map((p) => (
          <li key={p.id}>
            <button type="button" className={item} onClick={() => onPick(p.id)} aria-label={`Добавить «${p.name}»`} data-testid="drawer-product">
              <Thumb image={p.image} className={thumb} />
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
