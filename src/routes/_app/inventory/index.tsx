import { createFileRoute } from '@tanstack/react-router';
import { inventorySearchSchema } from '../../../features/inventory/api/inventory-search.ts';
import { InventoryScreen } from '../../../features/inventory/components/inventory-screen.tsx';

export const Route = createFileRoute('/_app/inventory/')({
  validateSearch: inventorySearchSchema,
  component: function InventoryRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <InventoryScreen
        search={search}
        onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true })}
      />
    );
  },
});
