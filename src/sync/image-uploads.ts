import { notify } from '../state/app-state.ts';
import { db, type MirroredRow, type OstatokDatabase, type PendingImage } from '../db/database.ts';
import { backgroundApi } from './api-client.ts';
import { queueUpdate } from './outbox.ts';
import { apiCall, endpoints } from './contract.ts';

export type UploadOutcome = { kind: 'uploaded'; url: string } | { kind: 'retry' } | { kind: 'refused'; reason: string };
export type ImageUploader = (image: PendingImage) => Promise<UploadOutcome>;

const queuedListeners = new Set<() => void>();
/** The sync engine listens here, as for outbox entries, to upload soon after a picture is chosen. */
export function onImageQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/**
 * Keeps chosen pictures on the device until they can be uploaded (offline first: the product page
 * shows them from these bytes meanwhile). Call after the product row exists, so the uploader never
 * mistakes a product still being created for a deleted one.
 */
export async function queueImages(
  productId: string,
  files: readonly File[],
  database: OstatokDatabase = db,
): Promise<void> {
  if (files.length === 0) return;
  const now = Date.now();
  const rows: PendingImage[] = await Promise.all(
    files.map(async (file, i) => ({
      id: crypto.randomUUID(),
      product_id: productId,
      data: await file.arrayBuffer(),
      type: file.type || 'application/octet-stream',
      name: file.name || 'image',
      // Distinct stamps keep the chosen order even when several are picked at once.
      created_at: now + i,
    })),
  );
  await database.pending_images.bulkAdd(rows);
  queuedListeners.forEach((l) => l());
}

/** POST /api/v1/products/image/ (multipart field `file`). Offline, 5xx and 429 mean "later". */
export const uploadOverHttp: ImageUploader = async (image) => {
  const form = new FormData();
  form.append('file', new Blob([image.data], { type: image.type }), image.name);
  try {
    // openapi-fetch passes FormData through untouched and lets the browser set the boundary.
    const { data, error, response } = await backgroundApi().POST(endpoints.uploadImage, {
      body: form as unknown as { file: string },
    });
    if (data) return { kind: 'uploaded', url: data.url };
    if (response.status >= 500 || response.status === 429 || response.status === 408 || response.status === 401)
      return { kind: 'retry' };
    const detail = (error as { detail?: string } | undefined)?.detail;
    return { kind: 'refused', reason: detail ?? `Сервер ответил ${response.status}` };
  } catch {
    return { kind: 'retry' };
  }
};

/**
 * Uploads every waiting picture, oldest first, and queues the product's PATCH with the returned
 * URL added. The PATCH goes through the outbox, after the product's own create: a create not sent
 * yet simply absorbs the images (outbox folding), so the server never sees an edit before the row.
 * Answers how many pictures were attached.
 */
export async function uploadPendingImages(
  upload: ImageUploader = uploadOverHttp,
  database: OstatokDatabase = db,
): Promise<number> {
  const waiting = await database.pending_images.orderBy('created_at').toArray();
  let attached = 0;
  for (const image of waiting) {
    if (!(await database.mirrored('products_wh').get(image.product_id))) {
      // The product was deleted, or the server refused to create it: nothing to attach to.
      await database.pending_images.delete(image.id);
      continue;
    }
    const outcome = await upload(image);
    if (outcome.kind === 'retry') break; // offline or the server is busy: every later one would fail too
    if (outcome.kind === 'refused') {
      await database.pending_images.delete(image.id);
      notify({ type: 'error', text: `Картинка «${image.name}» не загружена: ${outcome.reason}` }, 10_000);
      continue;
    }
    if (await attach(image.product_id, outcome.url, database)) attached++;
    await database.pending_images.delete(image.id);
  }
  return attached;
}

/** Adds the URL to the product's images (once: a repeated upload of the same bytes gives the same URL). */
async function attach(productId: string, url: string, database: OstatokDatabase): Promise<boolean> {
  const product = (await database.mirrored('products_wh').get(productId)) as
    (MirroredRow & { images?: string[] }) | undefined;
  if (!product) return false;
  const images = product.images ?? [];
  if (images.includes(url)) return false;
  const next = [...images, url];
  await queueUpdate(
    'products_wh',
    productId,
    { images: next },
    apiCall('PATCH', '/products/warehouse/{id}/update/', { params: { id: productId }, body: { images: next } }),
    database,
  );
  return true;
}
