import { dayBefore, type Receipt } from './schedule.ts';

/* Where the demo's purchases go: its lots in dated purchase documents across the period. */

/** A receipt document holds at most this many lines (the API takes up to 1000 in one call). */
const LINES_PER_DOCUMENT = 900;
const MIN_DOCUMENTS = 6;

const suppliers = ['ООО «Оптторг»', 'ИП Смирнова', 'ТК «Северный склад»', 'ООО «Текстиль-Опт»', 'Фабрика «Ладья»'];

export interface PurchaseLine {
  product_id: string;
  count: number;
  price: number;
}

export interface PurchaseDocument {
  date: Date;
  description: string;
  lines: PurchaseLine[];
}

/**
 * Spreads every product's lots over purchase documents across the period, each lot in a later document
 * than the last. A product's first lot leans to the early documents (the shop stocked up when it
 * started), so there is something to sell from the first weeks on. Answers the documents and, per
 * product, its receipts oldest first.
 */
export function placeInDocuments(
  lots: { product: string; count: number; price: number }[][],
  now: Date,
  next: () => number,
): { purchases: PurchaseDocument[]; receipts: Map<string, Receipt[]> } {
  const total = lots.reduce((n, own) => n + own.length, 0);
  const count = Math.max(MIN_DOCUMENTS, Math.ceil(total / (LINES_PER_DOCUMENT * 0.8)));
  const docs: PurchaseDocument[] = Array.from({ length: count }, (_, i) => ({
    // From 88 days ago to 3 days ago, the newest last.
    date: dayBefore(now, Math.round(88 - (i * 85) / (count - 1)), 9 + (i % 4)),
    description: `Закупка: ${suppliers[i % suppliers.length]}`,
    lines: [],
  }));
  const receipts = new Map<string, Receipt[]>();
  for (const own of lots) {
    let from = 0;
    own.forEach((lot, i) => {
      // Room for the lots still to come, in documents after this one.
      const last = count - (own.length - i);
      const lo = Math.min(from, last);
      const at = lo + Math.floor((i === 0 ? next() ** 2 : next()) * (last - lo + 1));
      docs[at]!.lines.push({ product_id: lot.product, count: lot.count, price: lot.price });
      receipts.set(lot.product, [...(receipts.get(lot.product) ?? []), { at: docs[at]!.date, count: lot.count }]);
      from = at + 1;
    });
  }
  // A document the random placement overfilled is split in two of the same day: the API takes up to 1000 lines.
  const purchases = docs.flatMap((d) =>
    Array.from({ length: Math.ceil(d.lines.length / LINES_PER_DOCUMENT) }, (_, i) => ({
      ...d,
      lines: d.lines.slice(i * LINES_PER_DOCUMENT, (i + 1) * LINES_PER_DOCUMENT),
    })),
  );
  return { purchases, receipts };
}
