import { Card, Heading, Muted, Page } from '../../../ui/page.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { useProduct } from '../api/use-product.ts';
import { ProductInfoTab } from './product-info-tab.tsx';
import { ProductListingsTab } from './product-listings-tab.tsx';

const tabLabels = ['Товар', 'На маркетплейсах', 'Учёт', 'Уценка', 'Списание', 'Прочая реализация', 'Резерв', 'Продажи'];

function Later() {
  return (
    <Card>
      <Heading>Раздел в разработке</Heading>
      <Muted>Этот раздел появится вместе с учётом остатков.</Muted>
    </Card>
  );
}

export interface ProductPageProps {
  productId: string;
  /** The tab from ?td= (SPEC §2), 0–7. */
  tab: number;
  onTabChange(tab: number): void;
}

/** /product/{product_id}: eight tabs; 0 and 1 now, 2–7 come with stock accounting. */
export function ProductPage({ productId, tab, onTabChange }: ProductPageProps) {
  const { loaded, product, listings, pending, figures } = useProduct(productId);
  if (!loaded) return <Page title="Товар" />;
  if (!product)
    return (
      <Page title="Товар">
        <Card>
          <Heading>Товар не найден</Heading>
          <Muted>Возможно, он удалён, объединён с другим или ещё не загружен на это устройство.</Muted>
        </Card>
      </Page>
    );
  const items = tabLabels.map((label, i) => ({
    value: String(i),
    label,
    content:
      i === 0 ? (
        // Keyed by id: the fields start from this product's values, not the previous one's.
        <ProductInfoTab key={product.id} product={product} pending={pending} figures={figures} />
      ) : i === 1 ? (
        <ProductListingsTab productId={product.id} listings={listings} />
      ) : (
        <Later />
      ),
  }));
  return (
    <Page title={product.name || 'Товар'}>
      <Tabs label="Разделы товара" items={items} value={String(tab)} onValueChange={(v) => onTabChange(Number(v))} />
    </Page>
  );
}
