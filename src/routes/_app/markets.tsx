import { createFileRoute } from '@tanstack/react-router';
import { MarketsList } from '../../features/markets/components/markets-list.tsx';

export const Route = createFileRoute('/_app/markets')({
  // The stores read before the screen renders, so it paints once, list included, rather than
  // empty and again a moment later: on an installed app's cold start that was the last step before
  // the list appeared. Never for a hover's preload (its answer could be old by the visit), and not
  // kept after the visit (gcTime 0): later visits read again. A failed read leaves it to the live query.
  loader: ({ preload }) =>
    preload
      ? undefined
      : import('../../features/markets/api/read-markets.ts').then((m) => m.readMarkets()).catch(() => undefined),
  gcTime: 0,
  component: function MarketsRoute() {
    return <MarketsList initial={Route.useLoaderData()} />;
  },
});
