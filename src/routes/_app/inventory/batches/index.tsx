import { createFileRoute } from '@tanstack/react-router';
import { batchesSearchSchema } from '../../../../features/batches/api/batches-search.ts';
import { BatchesScreen } from '../../../../features/batches/components/batches-screen.tsx';

export const Route = createFileRoute('/_app/inventory/batches/')({
  validateSearch: batchesSearchSchema,
  component: function BatchesRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <BatchesScreen
        search={search}
        onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true })}
      />
    );
  },
});
