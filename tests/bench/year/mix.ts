import { randomUUID } from 'node:crypto';
import type { Call } from './load.ts';

/** A seeded seller as the bench calls the server: their token and their product ids. */
export interface Seller {
  id: string;
  auth: Record<string, string>;
  products: string[];
}

/** A small seeded pseudo-random generator, so two runs ask for the same mix. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const pick = <T>(xs: readonly T[], r: number): T => xs[Math.floor(r * xs.length)]!;

// As the list is sorted on the products screen: by name mostly, then by stock either way; by returns rarely.
const orders = ['name', 'name', 'name', 'name', '-name', 'count', '-count', '-count', '-returns'] as const;
// What a seller types: a product word (a few letters of it), a colour, an article's start, a full article number.
const searches = ['кружк', 'футб', 'чехол', 'лампа', 'термос', 'синий', 'зонт', 'ART-1', 'ART-A', 'ART-3F', '0001'];
const PAGE_SIZE = 50;

/**
 * The products screen of many sellers at once: random sellers; mostly the first pages, sometimes deeper ones;
 * the orders the screen offers; a search on one request in five; «только в наличии» on one in ten. Writes the
 * seller makes meanwhile (one request in `writeEvery`): a write-off (FIFO), a receipt of a lot, a rename — each
 * moves the seller's page marker, so their next pages are read from the database again.
 */
export function productsMix(sellers: Seller[], seed: number, writeEvery: number): (client: number) => Call {
  const random = rng(seed);
  let n = 0;
  return () => {
    const seller = pick(sellers, random());
    if (++n % writeEvery === 0) return writeCall(seller, random);
    const pages = Math.max(1, Math.ceil(seller.products.length / PAGE_SIZE));
    const r = random();
    const page = r < 0.5 ? 1 : r < 0.8 ? 2 + Math.floor(random() * 4) : 1 + Math.floor(random() * pages);
    const params = new URLSearchParams({ page: String(Math.min(page, pages)), page_size: String(PAGE_SIZE) });
    params.set('order_by', pick(orders, random()));
    if (random() < 0.2) {
      params.set('search', pick(searches, random()));
      params.set('page', '1');
    }
    if (random() < 0.1) params.set('available_only', 'true');
    return { kind: 'products page', method: 'GET', path: `/api/v1/products/all/?${params}`, headers: seller.auth };
  };
}

function writeCall(seller: Seller, random: () => number): Call {
  const product = pick(seller.products, random());
  const r = random();
  if (r < 0.5) return writeOff(seller, product);
  if (r < 0.75)
    return {
      kind: 'receipt',
      method: 'POST',
      path: '/api/v1/inventory/',
      headers: seller.auth,
      body: { product_id: product, count: 10 + Math.floor(random() * 30), price: 100 + Math.floor(random() * 900) },
    };
  return {
    kind: 'rename',
    method: 'PATCH',
    path: `/api/v1/products/warehouse/${product}/update/`,
    headers: seller.auth,
    body: { name: `Товар ${randomUUID().slice(0, 8)}` },
  };
}

/** One unit written off the product, oldest lots first: 409 when the product has no free units left. */
export function writeOff(seller: Seller, product: string): Call {
  return {
    kind: 'write-off',
    method: 'POST',
    path: '/api/v1/disposal/',
    headers: seller.auth,
    body: { product_id: product, count: 1, price: 0, description: 'бенч' },
    accept: [409],
  };
}

/** Write-offs alone, each of a random product of a random seller. */
export function writeOffMix(sellers: Seller[], seed: number): (client: number) => Call {
  const random = rng(seed);
  return () => {
    const seller = pick(sellers, random());
    return writeOff(seller, pick(seller.products, random()));
  };
}

export const healthCall: Call = { kind: 'health', method: 'GET', path: '/api/health', headers: {} };
