import { createFileRoute } from '@tanstack/react-router';
import { pickListSearchSchema } from '../../../features/orders/api/orders-search.ts';
import { PickListScreen } from '../../../features/orders/components/pick-list-screen.tsx';

export const Route = createFileRoute('/_app/orders/pick-list')({
  validateSearch: pickListSearchSchema,
  component: function PickListRoute() {
    const { store } = Route.useSearch();
    return <PickListScreen store={store} />;
  },
});
