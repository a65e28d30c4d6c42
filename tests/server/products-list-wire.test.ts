import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsMp, productsWh } from '../../server/db/schema/index.ts';
import { productsCall, seeder } from './helpers/products.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * The list is written as JSON by the database (server/repositories/product-list-json.ts) while a
 * single product is shaped in JS (productToWire). Every row of the list must be exactly that
 * answer plus its offers and images, down to key order, timestamps and kopecks.
 */

let t: TestDatabase;
let app: FastifyInstance;
let owner: TestUser;

type Item = {
  product_wh: { id: string };
  products_mp: { offer_id: string; primary_image: string | null }[];
  articles: string[];
  primary_images: string[];
};

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  owner = await signUp(app);
  const add = async (body: object) => {
    const res = await productsCall(app, owner, 'POST', 'products/', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().product_wh.id as string;
  };
  const plain = await add({ name: 'Простой' });
  const odd = await add({
    name: 'Кавычки " и \\ обратная черта, таб\tи перевод\nстроки, эмодзи 🧦, \u0001 управляющий',
    description: 'Описание с «ёлочками» и </script>',
    images: ['/uploads/a.jpg', 'https://cdn.example/б.png'],
    market_ids: ['111', 'склад "2"'],
    confirmed: false,
    products_mp: [
      {
        name: 'Первая',
        offer_id: 'SKU-1',
        marketplace: 'OZON',
        market_id: '111',
        primary_image: 'https://cdn.example/1.jpg',
      },
      { name: 'Вторая', offer_id: 'SKU-2', marketplace: 'WILDBERRIES', market_id: '222' },
      {
        name: 'Третья',
        offer_id: 'SKU-"3"',
        marketplace: 'YM',
        market_id: '333',
        primary_image: 'https://cdn.example/3.jpg',
      },
    ],
  });
  const priced = await add({
    name: 'Копейки',
    products_mp: [{ offer_id: 'K-1', marketplace: 'OZON', market_id: '111' }],
  });
  const seed = seeder(app, owner);
  await seed.lot(priced, 3, 0.1);
  await seed.lot(priced, 7, 1234567.89);
  await seed.lot(odd, 1, 150.5);
  await seed.lot(odd, 2, 0.01);
  await seed.reserve(odd, 2);
  await seed.markdown(odd);
  await seed.lot(plain, 0, 99.99, { countMax: 5 });
  const { db } = app.database;
  // An empty picture is no picture in primary_images; microseconds are cut as the driver's Date cuts them.
  await db.insert(productsMp).values({
    userId: owner.id,
    productWhId: priced,
    name: '',
    offerId: 'K-2',
    marketplace: 'OZON',
    marketId: '999',
    primaryImage: '',
  });
  await db
    .update(productsWh)
    .set({ createdAt: sql`'2024-02-29 23:59:59.999999+00'::timestamptz` })
    .where(eq(productsWh.id, plain));
  await db
    .update(productsMp)
    .set({ createdAt: sql`'2001-01-01 00:00:00.000001+03'::timestamptz` })
    .where(eq(productsMp.offerId, 'SKU-2'));
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('the products list as the database writes it', () => {
  it.each(['name', '-count', 'returns'])('matches each product answer, key for key, ordered by %s', async (order) => {
    const list = await productsCall(app, owner, 'GET', `all/?page_size=200&order_by=${order}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    const { products, total } = list.json() as { products: Item[]; total: number };
    expect(total).toBe(3);
    expect(products).toHaveLength(3);
    for (const item of products) {
      const one = await productsCall(app, owner, 'GET', `product/${item.product_wh.id}/`);
      expect(one.statusCode, one.body).toBe(200);
      const product = one.json() as Omit<Item, 'articles' | 'primary_images'>;
      const expected = {
        ...product,
        articles: product.products_mp.map((l) => l.offer_id),
        primary_images: product.products_mp.flatMap((l) => (l.primary_image ? [l.primary_image] : [])),
      };
      expect(JSON.stringify(item)).toBe(JSON.stringify(expected));
    }
  });

  it('keeps the figures in kopecks and the odd characters intact', async () => {
    const { products } = (await productsCall(app, owner, 'GET', 'all/?order_by=-count')).json() as {
      products: (Item & { product_wh: Record<string, unknown> })[];
    };
    const [priced, odd, plain] = products;
    expect(priced!.product_wh).toMatchObject({
      name: 'Копейки',
      count: 10,
      total_price: 8641975.53,
      reserve: 0,
      markdowns: 0,
    });
    expect(priced!.articles).toEqual(['K-1', 'K-2']);
    expect(priced!.primary_images).toEqual([]);
    expect(odd!.product_wh).toMatchObject({
      count: 3,
      total_price: 150.52,
      reserve: 2,
      markdowns: 1,
      confirmed: false,
      market_ids: ['111', 'склад "2"'],
    });
    expect(odd!.product_wh.name).toContain('\u0001');
    // Listings made in one call share created_at, so their id orders them.
    expect([...odd!.primary_images].sort()).toEqual(['https://cdn.example/1.jpg', 'https://cdn.example/3.jpg']);
    expect(odd!.articles[0]).toBe('SKU-2');
    expect(plain!.product_wh).toMatchObject({
      name: 'Простой',
      created_at: '2024-02-29T23:59:59.999Z',
      count: 0,
      total_price: 0,
    });
  });

  it('answers an empty page past the end with the total', async () => {
    const res = await productsCall(app, owner, 'GET', 'all/?page=9&page_size=2&search=%D0%9A');
    expect(res.json()).toEqual({ products: [], total: 2 });
  });
});
