import { db, type OstatokDatabase } from '../../../db/database.ts';
import type { components } from '../../../../api/schema.gen.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueCall } from '../../../sync/outbox.ts';
import type { UnlinkedOffer } from './order-view.ts';

/** The body of POST /api/v1/orders/link/: link the store's listing with this article to a warehouse product. */
export type LinkOfferBody = components['schemas']['OrderLinkInput'];

export type LinkOutcome = { ok: true } | { ok: false; error: string };

/**
 * «Связать с товаром…»: queues one link of the store's listing to the product; the server links it and applies the
 * orders already waiting (reserves, sales). Until it answers, the offer shows «Связывается…»: the mark is on the line
 * the call is filed under, so a refusal (the row put back as it was) takes the mark away with it.
 */
export async function linkOffer(
  offer: Pick<UnlinkedOffer, 'store_id' | 'offer_id' | 'line_ids' | 'linking'>,
  productId: string,
  database: OstatokDatabase = db,
): Promise<LinkOutcome> {
  const lineId = offer.line_ids[0];
  if (!lineId) return { ok: false, error: 'В заказах нет строк с этим артикулом.' };
  if (offer.linking) return { ok: true };
  const product = await database.rows('products_wh').get(productId);
  if (!product) return { ok: false, error: 'Товар не найден на устройстве: возможно, он удалён.' };
  const body: LinkOfferBody = { store_id: offer.store_id, offer_id: offer.offer_id, product_id: productId };
  await queueCall(
    'order_lines',
    lineId,
    apiCall('POST', '/orders/link/', { body }),
    {
      apply: async () => {
        await database.rows('order_lines').update(lineId, { linking_product_id: productId });
      },
    },
    database,
  );
  return { ok: true };
}
