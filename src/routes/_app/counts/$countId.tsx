import { createFileRoute } from '@tanstack/react-router';
import { CountDocumentScreen } from '../../../features/counts/components/count-document-screen.tsx';

export const Route = createFileRoute('/_app/counts/$countId')({
  component: function CountRoute() {
    const { countId } = Route.useParams();
    return <CountDocumentScreen key={countId} countId={countId} />;
  },
});
