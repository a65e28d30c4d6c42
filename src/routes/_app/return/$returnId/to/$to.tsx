import { createFileRoute } from '@tanstack/react-router';
import { returnToParamsSchema } from '../../../../../features/returns/api/returns-search.ts';
import { ReturnToScreen } from '../../../../../features/returns/components/return-to-screen.tsx';

export const Route = createFileRoute('/_app/return/$returnId/to/$to')({
  params: { parse: (raw) => returnToParamsSchema.parse(raw), stringify: (p) => p },
  component: function ReturnToRoute() {
    const { returnId, to } = Route.useParams();
    return <ReturnToScreen key={`${returnId}/${to}`} returnId={returnId} to={to} />;
  },
});
