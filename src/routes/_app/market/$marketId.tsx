import { createFileRoute } from '@tanstack/react-router';
import { MarketPage } from '../../../features/markets/components/market-form.tsx';

export const Route = createFileRoute('/_app/market/$marketId')({
  component: function MarketRoute() {
    const { marketId } = Route.useParams();
    return <MarketPage marketId={marketId} />;
  },
});
