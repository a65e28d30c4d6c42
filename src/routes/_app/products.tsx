import { createFileRoute } from '@tanstack/react-router';
import { productsSearchSchema } from '../../features/products/api/products-search.ts';
import { ProductsList } from '../../features/products/components/products-list.tsx';

export const Route = createFileRoute('/_app/products')({
  validateSearch: productsSearchSchema,
  component: function ProductsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ProductsList search={search} onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true })} />;
  },
});
