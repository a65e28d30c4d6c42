import { createFileRoute } from '@tanstack/react-router';
import { BatchPlaceholder } from '../../../../features/batches/components/batch-placeholder.tsx';

export const Route = createFileRoute('/_app/inventory/batches/$batchId')({
  component: function BatchRoute() {
    const { batchId } = Route.useParams();
    return <BatchPlaceholder batchId={batchId} />;
  },
});
