import { queueImages } from '../../../sync/image-uploads.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { apiCall } from '../../../sync/contract.ts';

export interface NewProductInput {
  name: string;
  description: string;
  /** Pictures picked in the form; they wait on the device until uploaded. */
  files: File[];
}

export type ProductErrors = Partial<Record<'name', string>>;

/** The server requires a name (1–500 characters); the rest is optional. */
export function validateProduct(input: Pick<NewProductInput, 'name'>): ProductErrors {
  const name = input.name.trim();
  if (!name) return { name: 'Укажите название товара' };
  if (name.length > 500) return { name: 'Название длиннее 500 символов' };
  return {};
}

/**
 * Creates the product on the device with its own id and queues POST /api/v1/products/products/.
 * Pictures are queued after the row exists; once uploaded, their URLs follow in a PATCH (or fold
 * into this create if it has not been sent yet). Answers the new id.
 */
export async function createProduct(input: NewProductInput): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const body = { id, name: input.name.trim(), description: input.description, images: [] as string[] };
  await queueCreate(
    'products_wh',
    { ...body, _id: id, confirmed: true, created_at: now, updated_at: now, version: 0 },
    apiCall('POST', '/products/products/', { body }),
  );
  await queueImages(id, input.files);
  return id;
}
