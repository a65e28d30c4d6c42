import { createFileRoute } from '@tanstack/react-router';
import { stockPushSearchSchema } from '../../features/stock-push/api/stock-push-search.ts';
import { StockPushScreen } from '../../features/stock-push/components/stock-push-screen.tsx';

export const Route = createFileRoute('/_app/stock-push')({
  validateSearch: stockPushSearchSchema,
  component: function StockPushRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <StockPushScreen
        search={search}
        onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true })}
      />
    );
  },
});
