import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { productsSearchSchema } from '../../features/products/api/products-search.ts';
import { ProductsList } from '../../features/products/components/products-list.tsx';

export const Route = createFileRoute('/_app/products')({
  validateSearch: productsSearchSchema,
  component: function ProductsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    // Stable, so the list's memoized rows do not re-render when the address changes.
    const onSearchChange = useCallback(
      (patch: Partial<typeof search>) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true }),
      [navigate],
    );
    return <ProductsList search={search} onSearchChange={onSearchChange} />;
  },
});
