import { createFileRoute } from '@tanstack/react-router';
import { shippingSearchSchema } from '../../features/shipping/api/shipping-search.ts';
import { ShippingScreen } from '../../features/shipping/components/shipping-screen.tsx';

export const Route = createFileRoute('/_app/shipping-delivery')({
  validateSearch: shippingSearchSchema,
  component: function ShippingDeliveryRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ShippingScreen
        search={search}
        onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true })}
      />
    );
  },
});
