import { createFileRoute } from '@tanstack/react-router';
import { receiveSearchSchema } from '../../../../../features/product-stock/api/search.ts';
import { LotEditor } from '../../../../../features/product-stock/components/lot-editor.tsx';
import { ReceiveForm } from '../../../../../features/product-stock/components/receive-form.tsx';

export const Route = createFileRoute('/_app/product/$productId/inventory/$inventoryId')({
  validateSearch: receiveSearchSchema,
  component: function InventoryRoute() {
    const { productId, inventoryId } = Route.useParams();
    const { backToInventoryList } = Route.useSearch();
    if (inventoryId === 'new') return <ReceiveForm productId={productId} backToInventoryList={backToInventoryList} />;
    return <LotEditor productId={productId} lotId={inventoryId} />;
  },
});
