import { createFileRoute } from '@tanstack/react-router';
import { PurchaseEditorPage } from '../../../../features/batches/components/purchase-editor.tsx';

export const Route = createFileRoute('/_app/inventory/edit/$batchId')({
  component: function EditBatchRoute() {
    const { batchId } = Route.useParams();
    return <PurchaseEditorPage batchId={batchId} />;
  },
});
