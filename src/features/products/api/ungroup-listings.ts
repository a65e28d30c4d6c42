import { db } from '../../../db/database.ts';
import { queueCall } from '../../../sync/outbox.ts';

/**
 * SPEC §5: each selected listing becomes its own warehouse product. The server makes those
 * products (with its own ids), so the device only takes the listings off this product now; the
 * new products arrive with the next pull. At least one listing must stay.
 */
export async function ungroupListings(productId: string, listingIds: string[], total: number): Promise<void> {
  if (listingIds.length === 0 || listingIds.length >= total) return;
  await queueCall(
    'products_wh',
    productId,
    { method: 'PATCH', path: `/api/v1/products/ungroup/${productId}/`, body: listingIds },
    {
      tables: ['products_mp'],
      apply: async () => {
        await db.mirrored('products_mp').bulkUpdate(listingIds.map((key) => ({ key, changes: { product_wh_id: null } })));
      },
    },
  );
}
