import { db } from '../../../db/database.ts';
import { queueImages } from '../../../sync/image-uploads.ts';
import { queueDelete, queueUpdate } from '../../../sync/outbox.ts';
import type { ProductWh } from './types.ts';
import { apiCall } from '../../../sync/contract.ts';

/** Saves name, description and shelf if they changed (on blur or with «Обновить»): one PATCH with only those. */
export async function updateProduct(
  product: ProductWh,
  input: { name?: string; description?: string; shelf?: string },
): Promise<void> {
  const body: Record<string, string> = {};
  if (input.name !== undefined && input.name.trim() && input.name.trim() !== product.name)
    body.name = input.name.trim();
  if (input.description !== undefined && input.description !== product.description)
    body.description = input.description;
  // A row pulled before shelves existed has none: the same as empty.
  if (input.shelf !== undefined && input.shelf.trim() !== (product.shelf ?? '')) body.shelf = input.shelf.trim();
  if (Object.keys(body).length === 0) return;
  await queueUpdate(
    'products_wh',
    product.id,
    { ...body, updated_at: new Date().toISOString() },
    apiCall('PATCH', '/products/warehouse/{id}/update/', { params: { id: product.id }, body }),
  );
}

/** Removes an uploaded picture: the images list without it, as a PATCH. */
export async function removeImage(product: ProductWh, url: string): Promise<void> {
  const images = product.images.filter((i) => i !== url);
  await queueUpdate(
    'products_wh',
    product.id,
    { images },
    apiCall('PATCH', '/products/warehouse/{id}/update/', { params: { id: product.id }, body: { images } }),
  );
}

/** A picture not uploaded yet is simply forgotten. */
export async function removePendingImage(id: string): Promise<void> {
  await db.pending_images.delete(id);
}

export const addImages = (productId: string, files: File[]) => queueImages(productId, files);

/**
 * DELETE /api/v1/products/warehouse/delete/ {products:[id]}. The server refuses a product with
 * stock; saying so here keeps the row from vanishing and coming back after a refusal.
 */
export async function deleteProduct(
  product: ProductWh,
  onHand: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (onHand > 0)
    return { ok: false, reason: `Нельзя удалить товар с остатком (${onHand} шт.): сначала спишите или реализуйте его` };
  await queueDelete(
    'products_wh',
    product.id,
    apiCall('DELETE', '/products/warehouse/delete/', { body: { products: [product.id] } }),
  );
  await db.pending_images.where('product_id').equals(product.id).delete();
  return { ok: true };
}
