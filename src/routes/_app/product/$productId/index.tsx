import { createFileRoute } from '@tanstack/react-router';
import { productStockTabs } from '../../../../features/product-stock/components/product-stock-tabs.tsx';
import { productSearchSchema } from '../../../../features/products/api/products-search.ts';
import { ProductPage } from '../../../../features/products/components/product-page.tsx';

export const Route = createFileRoute('/_app/product/$productId/')({
  validateSearch: productSearchSchema,
  component: function ProductRoute() {
    const { productId } = Route.useParams();
    const { td } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ProductPage
        productId={productId}
        tab={td}
        onTabChange={(next) => void navigate({ search: { td: next }, replace: true })}
        moreTabs={productStockTabs(productId)}
      />
    );
  },
});
