import { createFileRoute } from '@tanstack/react-router';
import { returnsSearchSchema } from '../../features/returns/api/returns-search.ts';
import { ReturnsScreen } from '../../features/returns/components/returns-screen.tsx';

export const Route = createFileRoute('/_app/returns')({
  validateSearch: returnsSearchSchema,
  component: function ReturnsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ReturnsScreen
        search={search}
        onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true })}
      />
    );
  },
});
