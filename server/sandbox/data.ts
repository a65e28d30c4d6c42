import { deflateSync } from 'node:zlib';
import { ean13CheckDigit } from '../../domain/ean13.ts';

/** Deterministic catalog data: the same seed always gives the same offers, so tests can count on them. */

export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** mulberry32: tiny, fast, good enough for fake catalogs. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nouns = [
  'Футболка',
  'Кружка',
  'Рюкзак',
  'Фонарик',
  'Блокнот',
  'Подушка',
  'Чайник',
  'Зонт',
  'Свитер',
  'Коврик',
  'Лампа',
  'Термос',
];
const adjectives = [
  'хлопковая',
  'керамическая',
  'городской',
  'светодиодный',
  'в клетку',
  'ортопедическая',
  'стеклянный',
  'складной',
  'вязаный',
  'для йоги',
  'настольная',
  'походный',
];
const colours = ['красный', 'синий', 'зелёный', 'чёрный', 'белый', 'бежевый', 'серый', 'жёлтый'];
const brands = ['Уютный дом', 'СеверТекс', 'Ладья', 'Пчёлка', 'Медведь'];

export interface SandboxOffer {
  /** 1-based position in the store's catalog. */
  n: number;
  offerId: string;
  productId: number;
  sku: number;
  name: string;
  brand: string;
  barcodes: string[];
  /** Image numbers served at /images/<n>.png; empty for offers without photos. */
  images: number[];
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `count` offers for a store; `prefix` keeps articles of different stores apart. */
export function generateOffers(storeKey: string, count: number, prefix: string): SandboxOffer[] {
  const next = random(seedOf(storeKey));
  const base = 100_000_000 + (seedOf(storeKey) % 800_000) * 1000;
  const start = Date.UTC(2024, 0, 1);
  const offers: SandboxOffer[] = [];
  for (let n = 1; n <= count; n++) {
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const noun = pick(nouns);
    const name = `${noun} ${pick(adjectives)}, ${pick(colours)}, арт. ${n}`;
    const photoCount = n % 50 === 0 ? 0 : 1 + Math.floor(next() * 3);
    const created = start + Math.floor(next() * 300) * 86_400_000 + n * 1000;
    offers.push({
      n,
      offerId: `${prefix}-${String(n).padStart(5, '0')}`,
      productId: base + n,
      sku: base * 2 + n,
      name,
      brand: pick(brands),
      // A Russian-range EAN-13 with a correct check digit, as printed on real goods (the server refuses a wrong one).
      barcodes: [
        ean13Of(
          `46${String(seedOf(`${storeKey}:${n}`))
            .padStart(10, '0')
            .slice(0, 10)}`,
        ),
      ],
      images: Array.from({ length: photoCount }, (_, i) => ((seedOf(storeKey) + n * 3 + i) % 997) + 1),
      archived: n % 97 === 0,
      createdAt: new Date(created).toISOString(),
      // Distinct per offer so WB's (updatedAt, nmID) cursor has a strict order to walk.
      updatedAt: new Date(created + 86_400_000 + n * 1000).toISOString(),
    });
  }
  return offers;
}

const ean13Of = (first12: string) => first12 + ean13CheckDigit(first12);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real 16×16 PNG in a colour derived from `n`, so different images look different in the UI. */
export function tinyPng(n: number): Buffer {
  const size = 16;
  const next = random(seedOf(`img:${n}`));
  const [r, g, b] = [0, 0, 0].map(() => 64 + Math.floor(next() * 160)) as [number, number, number];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One generated customer return; `offer` undefined: an article the store's catalog does not have (any more). */
export interface SandboxReturn {
  /** 1-based position among the store's returns. */
  n: number;
  /** Stable numeric id (OZON return id, YM return id, WB shkId). */
  id: number;
  orderId: number;
  offer?: SandboxOffer;
  /** A second returned item, for marketplaces whose returns carry several (YM). */
  second?: SandboxOffer;
  offerId: string;
  /** OZON sku, YM marketSku. */
  sku: number;
  /** WB nmId. */
  productId: number;
  name: string;
  quantity: number;
  price: number;
  /**
   * When the buyer returned it: between 06:00 and 18:00 UTC, so the Moscow date is the UTC date; on the
   * day the list is made, no later than that moment.
   */
  at: Date;
  /** 0, 1, 2: on the way, ready for pickup, handed to the seller. */
  stage: number;
  /** The OZON posting it returns (a return of a sandbox order: posting-returns.ts); generated ones make one up. */
  postingNumber?: string;
}

const DAY_MS = 86_400_000;

/**
 * A moment derived from a generated one (a status change hours after a return, a shipment a day after an
 * order), as of `now`: what has not happened yet by the time it is served is shown as happening now.
 */
export const notAfter = (ms: number, now = Date.now()): number => Math.min(ms, now);

/**
 * `count` returns of a store spread over the `days` days up to `until` (YYYY-MM-DD), newest last. Every
 * 10th names an article the catalog does not have; the rest are offers of the catalog. Nothing is later
 * than `now`: an `until` after today ends today, and today's returns fall between midnight and now.
 */
export function generateReturns(
  returnsKey: string,
  offers: SandboxOffer[],
  prefix: string,
  count: number,
  until: string,
  days = 90,
  now = Date.now(),
): SandboxReturn[] {
  const next = random(seedOf(`returns:${returnsKey}`));
  const end = Math.min(Date.parse(`${until}T00:00:00Z`), Math.floor(now / DAY_MS) * DAY_MS);
  const base = 3_000_000_000 + (seedOf(returnsKey) % 900_000) * 1000;
  const list: SandboxReturn[] = [];
  for (let n = 1; n <= count; n++) {
    const known = n % 10 !== 0 && offers.length > 0;
    const offer = known ? offers[Math.floor(next() * offers.length)] : undefined;
    const second = offer && n % 4 === 0 ? offers[offer.n % offers.length] : undefined;
    const day = end - Math.floor(((count - n) * days) / count) * DAY_MS;
    const within = next();
    let at = day + (6 * 3600 + Math.floor(within * 12 * 3600)) * 1000;
    if (at > now) at = day + Math.floor(within * (now - day));
    list.push({
      n,
      id: base + n,
      orderId: 40_000_000 + (seedOf(`${returnsKey}:order:${n}`) % 9_000_000),
      offer,
      second,
      offerId: offer?.offerId ?? `${prefix}-GONE-${n}`,
      sku: offer?.sku ?? 9_000_000_000 + n,
      productId: offer?.productId ?? 5_000_000_000 + n,
      name: offer?.name ?? `Снятый с продажи товар ${n}`,
      quantity: 1 + Math.floor(next() * 3),
      price: 100 + Math.floor(next() * 50) * 10,
      at: new Date(at),
      stage: n % 3,
    });
  }
  return list;
}
