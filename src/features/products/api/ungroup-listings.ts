import { db } from '../../../db/database.ts';
import { queueCall } from '../../../sync/outbox.ts';
import { apiCall } from '../../../sync/contract.ts';

/**
 * docs/rules.md «Товары и их цифры»: each selected listing becomes its own warehouse product. The server makes those
 * products (with its own ids), so the device only takes the listings off this product now; the
 * new products arrive with the next pull. At least one listing must stay.
 */
export async function ungroupListings(productId: string, listingIds: string[], total: number): Promise<void> {
  if (listingIds.length === 0 || listingIds.length >= total) return;
  await queueCall(
    'products_wh',
    productId,
    apiCall('PATCH', '/products/ungroup/{product_id}/', { params: { product_id: productId }, body: listingIds }),
    {
      tables: ['products_mp'],
      apply: async () => {
        await db
          .mirrored('products_mp')
          .bulkUpdate(listingIds.map((key) => ({ key, changes: { product_wh_id: null } })));
      },
    },
  );
}
