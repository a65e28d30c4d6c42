import type { ReactNode } from 'react';
import { Card, Heading, Muted, Page } from '../../../ui/page.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { dismissProductFieldNote, useProductFieldNotes } from '../api/field-notes.ts';
import { useProduct } from '../api/use-product.ts';
import { ProductInfoTab } from './product-info-tab.tsx';
import { ProductListingsTab } from './product-listings-tab.tsx';
import { shelfLine } from './products.css.ts';

export interface ProductPageProps {
  productId: string;
  /** The tab from ?td= (docs/screens.md «Адреса»). */
  tab: number;
  onTabChange(tab: number): void;
  /**
   * Tabs from 2 on (stock accounting, another feature): the route composes them in, since
   * features do not import each other.
   */
  moreTabs?: { label: string; content: ReactNode }[];
}

/** /product/{product_id}: tabs 0 «Товар» and 1 «На маркетплейсах» here, then the tabs the route adds. */
export function ProductPage({ productId, tab, onTabChange, moreTabs = [] }: ProductPageProps) {
  const { loaded, product, listings, pending, figures, filling } = useProduct(productId);
  // Fields this device set that a colleague's later edit replaced (issue 24): told under each field.
  const notes = useProductFieldNotes(productId);
  if (!loaded) return <Page title="Товар" />;
  // Opened from the server's list before the pull brought its row: the card waits for it (the live
  // query re-reads as pages arrive), so nothing is edited on a copy that is not there.
  if (!product && filling)
    return (
      <Page title="Товар">
        <Card>
          <Heading>Товар загружается на устройство…</Heading>
          <Muted>Каталог ещё загружается. Карточка откроется, как только этот товар будет на устройстве.</Muted>
        </Card>
      </Page>
    );
  if (!product)
    return (
      <Page title="Товар">
        <Card>
          <Heading>Товар не найден</Heading>
          <Muted>Возможно, он удалён, объединён с другим или ещё не загружен на это устройство.</Muted>
        </Card>
      </Page>
    );
  const tabs = [
    // Keyed by id: the fields start from this product's values, not the previous one's.
    {
      label: 'Товар',
      content: (
        <ProductInfoTab
          key={product.id}
          product={product}
          pending={pending}
          figures={figures}
          notes={notes}
          onDismissNote={(field) => void dismissProductFieldNote(product.id, field)}
        />
      ),
    },
    { label: 'На маркетплейсах', content: <ProductListingsTab productId={product.id} listings={listings} /> },
    ...moreTabs,
  ];
  const items = tabs.map((t, i) => ({ value: String(i), label: t.label, content: t.content }));
  // A row pulled before shelves existed has none.
  const shelf = product.shelf ?? '';
  return (
    <Page title={product.name || 'Товар'}>
      {filling && (
        <p className={shelfLine} role="status" data-testid="product-filling">
          Каталог ещё загружается на устройство: остаток и партии товара могут быть неполными.
        </p>
      )}
      {shelf && (
        <p className={shelfLine} data-testid="product-shelf">
          Место на складе: <strong>{shelf}</strong>
        </p>
      )}
      <Tabs label="Разделы товара" items={items} value={String(tab)} onValueChange={(v) => onTabChange(Number(v))} />
    </Page>
  );
}
