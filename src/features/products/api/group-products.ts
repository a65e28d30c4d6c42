import { db, type MirroredTableName } from '../../../db/database.ts';
import { queueCall } from '../../../sync/outbox.ts';
import { apiCall } from '../../../sync/contract.ts';

/**
 * Tables whose rows belong to a product and move with it on grouping (the server moves the same),
 * with the field naming the product: reserves and realizations call it `product` on the wire.
 */
const history: [MirroredTableName, 'product_id' | 'product'][] = [
  ['lots', 'product_id'],
  ['disposals', 'product_id'],
  ['markdowns', 'product_id'],
  ['other_realizations', 'product_id'],
  ['reserves', 'product'],
  ['realizations', 'product'],
  ['returns', 'product_id'],
  ['stock_movements', 'product_id'],
];

/**
 * docs/rules.md «Товары и их цифры»: the other products' listings, lots and history go to the main one and the others
 * are
 * removed — on the device at once, and PATCH /api/v1/products/group/{main_id}/ queued with them.
 */
export async function groupProducts(mainId: string, others: string[]): Promise<void> {
  const rest = others.filter((id) => id !== mainId);
  if (rest.length === 0) return;
  await queueCall(
    'products_wh',
    mainId,
    apiCall('PATCH', '/products/group/{main_id}/', { params: { main_id: mainId }, body: rest }),
    {
      tables: ['products_mp', ...history.map(([table]) => table)],
      apply: async () => {
        await db.mirrored('products_mp').where('product_wh_id').anyOf(rest).modify({ product_wh_id: mainId });
        for (const [table, field] of history)
          await db
            .mirrored(table)
            .where(field)
            .anyOf(rest)
            .modify({ [field]: mainId });
        await db.mirrored('products_wh').bulkDelete(rest);
      },
    },
  );
  // Pictures still waiting to upload follow their product too.
  await db.pending_images.where('product_id').anyOf(rest).modify({ product_id: mainId });
}
