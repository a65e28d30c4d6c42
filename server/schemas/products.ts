import { z } from 'zod';
import { listDeleteBody, serverOwned } from './common.ts';
import { authorshipFields, authorshipKeys, authorshipOf } from './authorship.ts';
import { barcodesField, barcodesWire } from './barcodes.ts';
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
const shelf = z
  .string()
  .trim()
  .max(50, 'место на складе — не длиннее 50 символов')
  .regex(/^[^\0\n\r]*$/, 'место на складе — одна строка')
  .describe('Место на складе («А-03-2»), свободный текст до 50 символов; пустая строка — не указано');
const stockCount = z
  .number()
  .refine((v) => v === 0, 'остаток здесь не задаётся: он складывается из партий (оприходуйте товар на вкладке «Учёт»)')
  .describe('Только 0 или отсутствует: остаток выводится из партий (lots) и здесь не задаётся');
const marketIds = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[^\0]*$/, 'недопустимый символ'),
  )
  .max(100)
  .transform((ids) => [...new Set(ids)])
  .describe(
    'Магазины, в которых продаётся товар: их market_id (см. GET /api/v1/markets/). Хранятся как переданы (без повторов) и возвращаются в market_ids; с магазинами не сверяются. У товара, загруженного из магазина или отделённого (ungroup), — магазин его карточки; при объединении (group) магазины складываются. Карточки маркетплейсов привязываются через group/ungroup',
  );

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
    .describe('Подстрока названия товара или артикула (offer_id) без учёта регистра, или штрихкод товара целиком'),
  order_by: z
    .enum(productOrderKeys)
    .default('name')
    .describe('name, count или returns (число возвратов); минус впереди — по убыванию'),
  available_only: z.stringbool().default(false).describe('Только товары с остатком больше 0'),
});

const productFields = {
  id: z.uuid().optional().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
  market_ids: marketIds.optional(),
  name,
  description: description.default(''),
  images: images.default([]),
  shelf: shelf.optional(),
  barcodes: barcodesField.optional(),
  count: stockCount.optional(),
  confirmed: confirmed.default(true),
};

export const warehouseAddBody = z
  .array(z.strictObject(productFields).meta({ id: 'ProductWhCreate' }))
  .min(1)
  .max(500);

/** What a product answer carries beyond the editable fields: sent back, it is ignored. */
const productWhOwned = [
  '_id',
  'user_id',
  'version',
  'created_at',
  'updated_at',
  'deleted_at',
  'count',
  'reserve',
  'markdowns',
  'total_price',
  'stock_count',
  'stock_value',
  ...authorshipKeys,
] as const;

const productWhChanges = {
  id: z.uuid().optional().describe('Если указан, должен совпадать с адресом'),
  market_ids: marketIds.optional(),
  name: name.optional(),
  description: description.optional(),
  images: images.optional(),
  shelf: shelf.optional(),
  barcodes: barcodesField.optional(),
  confirmed: confirmed.optional(),
  ...serverOwned(
    productWhOwned,
    'задаёт сервер; остаток (count) и другие цифры складываются из партий, резервов и уценок',
  ),
};

export const warehouseUpdateBody = z
  .strictObject({
    ...productWhChanges,
    product_wh: z
      .strictObject(productWhChanges)
      .optional()
      .describe(
        'Строка списка товаров или ответ GET /api/v1/products/product/{id}/ целиком: изменения берутся из product_wh',
      ),
    ...serverOwned(
      ['products_mp', 'articles', 'primary_images'] as const,
      'карточки маркетплейсов меняются через group/ungroup',
    ),
  })
  .describe(
    'Поля товара, которые меняются: name, description, images, shelf, barcodes, confirmed, market_ids. Товар можно прислать таким, каким его вернул API (product_wh или строка списка): поля, которые задаёт сервер, игнорируются; незнакомое поле — 400.',
  )
  .meta({ id: 'ProductWhUpdate' });

// The delete body carries a list of products (docs/architecture.md «Контракт»): their ids, or the products as the API
// returned them.
const productRef = z.union(
  [
    z.uuid(),
    z
      .looseObject({ id: z.uuid() })
      .describe('Складской товар, как его вернул API (product_wh): важен только id')
      .transform((product) => product.id),
    z
      .looseObject({ product_wh: z.looseObject({ id: z.uuid() }) })
      .describe('Строка списка товаров: важен только product_wh.id')
      .transform((row) => row.product_wh.id),
  ],
  { error: 'ожидался ID товара или товар с полем id' },
);

export const warehouseDeleteBody = listDeleteBody(
  'products',
  productRef,
  'ID складских товаров или сами товары',
  'Удаляются все товары списка или ни один. Товар с остатком (партии с count > 0) не удаляется: 409.',
).meta({ id: 'ProductWhDelete' });

export const groupBody = z
  .array(z.uuid())
  .min(1)
  .max(500)
  .describe(
    'ID остальных выбранных складских товаров: их карточки маркетплейсов, партии, история, магазины (market_ids) и штрихкоды (до 50) переходят к главному, сами они удаляются',
  );

export const ungroupBody = z
  .array(z.uuid())
  .min(1)
  .max(500)
  .describe(
    'ID товаров маркетплейсов (products_mp) этого товара: каждый станет отдельным складским товаром (market_ids — магазин карточки); остаток остаётся у исходного',
  );

const listingFields = z.strictObject({
  id: z.uuid().optional().describe('Идентификатор, созданный клиентом'),
  name: z.string().trim().max(500).default(''),
  offer_id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\0]*$/, 'недопустимый символ'),
  primary_image: imageUrl.nullable().default(null),
  marketplace: z.string().trim().min(1).max(50).describe('OZON, WILDBERRIES, YM или другое обозначение'),
  market_id: z.string().trim().min(1).max(100),
});

export const productCreateBody = z
  .strictObject({ ...productFields, products_mp: z.array(listingFields).max(100).default([]) })
  .describe(
    'Складской товар вместе с его карточками маркетплейсов. Пара marketplace + market_id + offer_id уникальна у пользователя.',
  )
  .meta({ id: 'ProductCreate' });

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
  market_ids: z.array(z.string()).describe('market_id магазинов, в которых продаётся товар, как их передал клиент'),
  shelf: z.string().describe('Место на складе («А-03-2»); пустая строка — не указано'),
  barcodes: barcodesWire,
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  ...authorshipFields,
};

export const productWhSchema = z
  .object({ ...productWhRowFields, ...figures })
  .describe(
    'В синхронизации (pull) строка приходит без count, reserve, markdowns и total_price: клиент выводит их из зеркальных lots, reserves и markdowns',
  )
  .meta({ id: 'ProductWh' });

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

export const productSchema = z
  .object({ product_wh: productWhSchema, products_mp: z.array(productMpSchema) })
  .meta({ id: 'Product' });

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
export const imageSchema = z
  .object({ url: z.string().describe('/uploads/<sha256>.<jpg|png|webp>') })
  .meta({ id: 'UploadedImage' });

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
    market_ids: row.marketIds,
    shelf: row.shelf,
    barcodes: row.barcodes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
    ...authorshipOf(row),
  };
}

export function productWhToWire(row: ProductWithFigures): ProductWhWire {
  return {
    ...productWhRowToWire(row),
    count: row.count,
    reserve: row.reserve,
    markdowns: row.markdowns,
    total_price: row.totalPrice,
  };
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
