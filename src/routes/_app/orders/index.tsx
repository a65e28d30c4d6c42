import { createFileRoute } from '@tanstack/react-router';
import { ordersSearchSchema } from '../../../features/orders/api/orders-search.ts';
import { OrdersScreen } from '../../../features/orders/components/orders-screen.tsx';

export const Route = createFileRoute('/_app/orders/')({
  validateSearch: ordersSearchSchema,
  component: function OrdersRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <OrdersScreen
        search={search}
        onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true })}
      />
    );
  },
});
