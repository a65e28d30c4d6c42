import { createFileRoute } from '@tanstack/react-router';
import { BatchDocumentScreen } from '../../../../features/batches/components/batch-document-screen.tsx';

export const Route = createFileRoute('/_app/inventory/batches/$batchId')({
  component: function BatchRoute() {
    const { batchId } = Route.useParams();
    return <BatchDocumentScreen key={batchId} batchId={batchId} />;
  },
});
