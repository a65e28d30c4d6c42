import { queueImages } from '../../../sync/image-uploads.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { authoredHere } from '../../../sync/authorship.ts';
import { apiCall } from '../../../sync/contract.ts';

export interface NewProductInput {
  name: string;
  description: string;
  /** «Место на складе» («А-03-2»); empty — not given. */
  shelf?: string;
  /** Pictures picked in the form; they wait on the device until uploaded. */
  files: File[];
}

export type ProductErrors = Partial<Record<'name' | 'shelf', string>>;

/** As the server takes it: free text of one line, at most 50 characters. */
export const SHELF_MAX = 50;

/** What is wrong with a shelf as typed; undefined when it is fine (empty is: not given). */
export function shelfProblem(shelf: string): string | undefined {
  const trimmed = shelf.trim();
  if (trimmed.length > SHELF_MAX) return `Место на складе — не длиннее ${SHELF_MAX} символов`;
  if (/[\r\n]/.test(trimmed)) return 'Место на складе — одна строка';
  return undefined;
}

/** The server requires a name (1–500 characters); the rest is optional. */
export function validateProduct(input: { name?: string; shelf?: string }): ProductErrors {
  const errors: ProductErrors = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) errors.name = 'Укажите название товара';
    else if (name.length > 500) errors.name = 'Название длиннее 500 символов';
  }
  const shelf = input.shelf === undefined ? undefined : shelfProblem(input.shelf);
  if (shelf) errors.shelf = shelf;
  return errors;
}

/**
 * Creates the product on the device with its own id and queues POST /api/v1/products/products/.
 * Pictures are queued after the row exists; once uploaded, their URLs follow in a PATCH (or fold
 * into this create if it has not been sent yet). Answers the new id.
 */
export async function createProduct(input: NewProductInput): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const shelf = input.shelf?.trim() ?? '';
  const body = {
    id,
    name: input.name.trim(),
    description: input.description,
    images: [] as string[],
    ...(shelf ? { shelf } : {}),
  };
  await queueCreate(
    'products_wh',
    { ...body, shelf, _id: id, confirmed: true, created_at: now, updated_at: now, version: 0, ...authoredHere() },
    apiCall('POST', '/products/products/', { body }),
  );
  await queueImages(id, input.files);
  return id;
}
