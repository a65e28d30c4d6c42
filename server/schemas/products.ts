import { z } from 'zod';
import type { ProductMpRow, ProductWhRow, ProductWithFigures } from '../repositories/products.ts';

const name = z.string().trim().min(1).max(500);
const description = z.string().max(5000);
// Uploaded images are served from /uploads/; marketplace pictures stay on their own hosts.
const imageUrl = z
  .string()
  .max(2000)
  .regex(/^(\/uploads\/|https?:\/\/)\S+$/, 'ожидался адрес картинки: /uploads/… или http(s)://…');
const images = z.array(imageUrl).max(50);
const confirmed = z.boolean();
const stockCount = z
  .number()
  .refine((v) => v === 0, 'остаток здесь не задаётся: он складывается из партий (оприходуйте товар на вкладке «Учёт»)')
  .describe('Только 0 или отсутствует: остаток выводится из партий (lots) и здесь не задаётся');
const marketIds = z
  .array(z.string().max(200))
  .max(100)
  .describe('Принимается для совместимости формы и не хранится: товары маркетплейсов привязываются через group/ungroup');

export const productIdParams = z.object({ id: z.uuid() });
export const mainIdParams = z.object({ main_id: z.uuid() });
export const ungroupParams = z.object({ product_id: z.uuid() });

export const productOrderKeys = ['name', '-name', 'count', '-count', 'returns', '-returns'] as const;
export type ProductOrder = (typeof productOrderKeys)[number];

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  search: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\0]*$/, 'недопустимый символ')
    .default('')
    .describe('Подстрока названия товара или артикула (offer_id) без учёта регистра'),
  order_by: z.enum(productOrderKeys).default('name').describe('name, count или returns (число возвратов); минус впереди — по убыванию'),
  available_only: z.stringbool().default(false).describe('Только товары с остатком больше 0'),
});

const productFields = {
  id: z.uuid().optional().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
  market_ids: marketIds.optional(),
  name,
  description: description.default(''),
  images: images.default([]),
  count: stockCount.optional(),
  confirmed: confirmed.default(true),
};

export const warehouseAddBody = z.array(z.strictObject(productFields).meta({ id: 'ProductWhCreate' })).min(1).max(500);

export const warehouseUpdateBody = z
  .strictObject({
    id: z.uuid().optional().describe('Если указан, должен совпадать с адресом'),
    market_ids: marketIds.optional(),
    name: name.optional(),
    description: description.optional(),
    images: images.optional(),
    count: stockCount.optional(),
    confirmed: confirmed.optional(),
  })
  .meta({ id: 'ProductWhUpdate' });

export const warehouseDeleteBody = z
  .strictObject({ products: z.array(z.uuid()).min(1).max(500).describe('ID складских товаров') })
  .meta({ id: 'ProductWhDelete' })
  .describe('Удаляются все товары списка или ни один. Товар с остатком (партии с count > 0) не удаляется: 409.');

export const groupBody = z
  .array(z.uuid())
  .min(1)
  .max(500)
  .describe('ID остальных выбранных складских товаров: их карточки маркетплейсов, партии и история переходят к главному, сами они удаляются');

export const ungroupBody = z
  .array(z.uuid())
  .min(1)
  .max(500)
  .describe('ID товаров маркетплейсов (products_mp) этого товара: каждый станет отдельным складским товаром; остаток остаётся у исходного');

const listingFields = z.strictObject({
  id: z.uuid().optional().describe('Идентификатор, созданный клиентом'),
  name: z.string().trim().max(500).default(''),
  offer_id: z.string().trim().min(1).max(200).regex(/^[^\0]*$/, 'недопустимый символ'),
  primary_image: imageUrl.nullable().default(null),
  marketplace: z.string().trim().min(1).max(50).describe('OZON, WILDBERRIES, YM или другое обозначение'),
  market_id: z.string().trim().min(1).max(100),
});

export const productCreateBody = z
  .strictObject({ ...productFields, products_mp: z.array(listingFields).max(100).default([]) })
  .meta({ id: 'ProductCreate' })
  .describe('Складской товар вместе с его карточками маркетплейсов. Пара marketplace + market_id + offer_id уникальна у пользователя.');

const figures = {
  count: z.number().describe('Остаток: сумма остатков партий'),
  reserve: z.number().describe('Сумма активных резервов'),
  markdowns: z.number().int().describe('Число непроданных уценок'),
  total_price: z.number().describe('Сумма остаток × цена партии'),
};

const productWhRowFields = {
  id: z.uuid(),
  _id: z.uuid().describe('То же, что id'),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  confirmed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
};

export const productWhSchema = z
  .object({ ...productWhRowFields, ...figures })
  .meta({ id: 'ProductWh' })
  .describe('В синхронизации (pull) строка приходит без count, reserve, markdowns и total_price: клиент выводит их из зеркальных lots, reserves и markdowns');

export const productMpSchema = z
  .object({
    id: z.uuid(),
    _id: z.uuid(),
    product_wh_id: z.uuid(),
    name: z.string(),
    offer_id: z.string(),
    primary_image: z.string().nullable(),
    marketplace: z.string(),
    market_id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'ProductMp' });

export const productSchema = z.object({ product_wh: productWhSchema, products_mp: z.array(productMpSchema) }).meta({ id: 'Product' });

export const productListSchema = z
  .object({
    products: z.array(
      z
        .object({
          product_wh: productWhSchema,
          products_mp: z.array(productMpSchema),
          articles: z.array(z.string()).describe('offer_id карточек'),
          primary_images: z.array(z.string()).describe('Главные картинки карточек'),
        })
        .meta({ id: 'ProductListItem' }),
    ),
    total: z.number().int(),
  })
  .meta({ id: 'ProductList' });

export const insertedIdsSchema = z.object({ inserted_ids: z.array(z.uuid()) });
export const deletedIdsSchema = z.object({ deleted_ids: z.array(z.uuid()) });
/** For the OpenAPI document only: the multipart body is read by the handler, never parsed into request.body. */
export const imageUploadBody = z
  .object({ file: z.string().meta({ format: 'binary' }).describe('JPEG, PNG или WebP до 10 МБ') })
  .nullish();
export const imageSchema = z.object({ url: z.string().describe('/uploads/<sha256>.<jpg|png|webp>') }).meta({ id: 'UploadedImage' });

type ProductWhWire = z.infer<typeof productWhSchema>;
type ProductMpWire = z.infer<typeof productMpSchema>;

/** The row alone: what sync pull mirrors (figures change with lots, not with this row). */
export function productWhRowToWire(row: ProductWhRow): Omit<ProductWhWire, keyof typeof figures> {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    images: row.images,
    confirmed: row.confirmed,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function productWhToWire(row: ProductWithFigures): ProductWhWire {
  return { ...productWhRowToWire(row), count: row.count, reserve: row.reserve, markdowns: row.markdowns, total_price: row.totalPrice };
}

export function productMpToWire(row: ProductMpRow): ProductMpWire {
  return {
    id: row.id,
    _id: row.id,
    product_wh_id: row.productWhId,
    name: row.name,
    offer_id: row.offerId,
    primary_image: row.primaryImage,
    marketplace: row.marketplace,
    market_id: row.marketId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function productToWire(row: ProductWithFigures, listings: ProductMpRow[]) {
  return { product_wh: productWhToWire(row), products_mp: listings.map(productMpToWire) };
}

export function listItemToWire(row: ProductWithFigures, listings: ProductMpRow[]) {
  return {
    ...productToWire(row, listings),
    articles: listings.map((l) => l.offerId),
    primary_images: listings.flatMap((l) => (l.primaryImage ? [l.primaryImage] : [])),
  };
}
