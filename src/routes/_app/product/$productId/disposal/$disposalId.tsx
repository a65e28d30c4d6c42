import { createFileRoute } from '@tanstack/react-router';
import { DisposalEditor } from '../../../../../features/product-stock/components/disposal-editor.tsx';
import { DisposalForm } from '../../../../../features/product-stock/components/disposal-form.tsx';

export const Route = createFileRoute('/_app/product/$productId/disposal/$disposalId')({
  component: function DisposalRoute() {
    const { productId, disposalId } = Route.useParams();
    return disposalId === 'new' ? (
      <DisposalForm productId={productId} />
    ) : (
      <DisposalEditor productId={productId} disposalId={disposalId} />
    );
  },
});
