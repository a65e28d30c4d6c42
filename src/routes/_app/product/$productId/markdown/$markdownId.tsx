import { createFileRoute } from '@tanstack/react-router';
import { MarkdownForm } from '../../../../../features/product-stock/components/markdown-form.tsx';

export const Route = createFileRoute('/_app/product/$productId/markdown/$markdownId')({
  component: function MarkdownRoute() {
    const { productId, markdownId } = Route.useParams();
    // Keyed: another markdown's fields never start from the previous one's.
    return <MarkdownForm key={markdownId} productId={productId} markdownId={markdownId} />;
  },
});
