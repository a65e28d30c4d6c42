import { checkCount, checkPrice } from '../../../stock/rules.ts';
import { parseSheetNumber } from '../../../lib/import/numbers.ts';
import { newLine, type PurchaseLine } from './purchase-lines.ts';

/*
 * «Загрузить из файла» on /inventory/add: a purchase list from a spreadsheet (article or name,
 * count, price) read into lines of the batch editor. Nothing is saved here: the seller sees what
 * matched and what did not, and the matched lines join the editor as if typed, to be saved with
 * the usual button, checks and outbox path.
 */

export type FileColumn = 'article' | 'name' | 'count' | 'price';

/** Header names as sellers' and suppliers' spreadsheets write them, normalized (normalizeHeader). */
const headerNames: Record<FileColumn, string[]> = {
  article: [
    'артикул',
    'арт',
    'артикулпродавца',
    'артикултовара',
    'кодтовара',
    'код',
    'offerid',
    'sku',
    'article',
    'vendorcode',
    'штрихкод',
    'баркод',
    'barcode',
    'ean',
  ],
  name: ['наименование', 'название', 'товар', 'наименованиетовара', 'названиетовара', 'name', 'product', 'title'],
  count: ['количество', 'колво', 'кол', 'шт', 'штук', 'количествошт', 'qty', 'quantity', 'count'],
  price: [
    'цена',
    'ценазакупки',
    'закупочнаяцена',
    'ценазакупочная',
    'себестоимость',
    'ценазаед',
    'ценазаединицу',
    'ценазашт',
    'стоимость',
    'price',
    'cost',
    'purchaseprice',
    'unitprice',
  ],
};
/** A header beginning so is taken too («Цена закупки с НДС», «Кол-во, шт.»), but never «Сумма». */
const headerStarts: Record<FileColumn, string[]> = {
  article: ['артикул'],
  name: ['наименование', 'название'],
  count: ['количество', 'колво'],
  price: ['цена', 'себестоимость'],
};

/** Lower case, ё as е, and only letters and digits: «Кол-во, шт.» → «колвошт». */
export const normalizeHeader = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/\(.*?\)/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');

export function headerColumn(text: string): FileColumn | null {
  const h = normalizeHeader(text);
  if (!h) return null;
  const columns = Object.keys(headerNames) as FileColumn[];
  return (
    columns.find((c) => headerNames[c].includes(h)) ??
    columns.find((c) => headerStarts[c].some((s) => h.startsWith(s))) ??
    null
  );
}

export interface FileHeader {
  /** 0-based row of the headings. */
  row: number;
  columns: Partial<Record<FileColumn, number>>;
}

/** The headings among the first 20 rows (a title may stand above them): a count, a price and an article or a name. */
export function findHeader(rows: readonly string[][]): FileHeader | null {
  for (let r = 0; r < Math.min(rows.length, 20); r++) {
    const columns: Partial<Record<FileColumn, number>> = {};
    rows[r]!.forEach((text, i) => {
      const c = headerColumn(text);
      if (c && columns[c] === undefined) columns[c] = i;
    });
    if (
      columns.count !== undefined &&
      columns.price !== undefined &&
      (columns.article !== undefined || columns.name !== undefined)
    )
      return { row: r, columns };
  }
  return null;
}

export const NO_HEADER =
  'Не нашли заголовки столбцов: в первой строке таблицы нужны «Артикул» или «Наименование», «Количество» и «Цена».';

/**
 * What a line is matched against: warehouse products with their barcodes and their listings' articles (offer_id), as
 * the product search finds them. A barcode column («Штрихкод», «EAN») is read as the article column, so its value is
 * tried as a barcode first: a code names one product of the business, an article may name several.
 */
export interface MatchIndex {
  byBarcode: Map<string, string>;
  byArticle: Map<string, string[]>;
  byName: Map<string, string[]>;
  products: Map<string, { id: string; name: string; articles: string[] }>;
}

const articleKey = (s: string) => s.trim().toLowerCase();
const nameKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase().replace(/ё/g, 'е');

function add(map: Map<string, string[]>, key: string, id: string) {
  if (!key) return;
  const list = map.get(key);
  if (!list) map.set(key, [id]);
  else if (!list.includes(id)) list.push(id);
}

export function buildMatchIndex(
  products: readonly { id: string; name: string; barcodes?: readonly string[] }[],
  listings: readonly { product_wh_id?: string | null; offer_id: string }[],
): MatchIndex {
  const index: MatchIndex = { byBarcode: new Map(), byArticle: new Map(), byName: new Map(), products: new Map() };
  for (const p of products) {
    index.products.set(p.id, { id: p.id, name: p.name, articles: [] });
    add(index.byName, nameKey(p.name), p.id);
    for (const code of p.barcodes ?? []) index.byBarcode.set(code.trim(), p.id);
  }
  for (const l of listings) {
    const product = l.product_wh_id ? index.products.get(l.product_wh_id) : undefined;
    if (!product) continue;
    product.articles.push(l.offer_id);
    add(index.byArticle, articleKey(l.offer_id), product.id);
  }
  return index;
}

/** A line of the file, as read and as judged. */
export interface FileLine {
  /** 1-based row in the file, as a spreadsheet numbers it. */
  row: number;
  article: string;
  name: string;
  countText: string;
  priceText: string;
  product?: { id: string; name: string; articles: string[]; via: 'barcode' | 'article' | 'name' };
  count?: number;
  price?: number;
  /** Why the line is left out, in Russian; empty for a line that will be added. */
  problems: string[];
}

export interface PurchaseFilePlan {
  /** Found on the warehouse, numbers valid: these join the editor. */
  matched: FileLine[];
  /** No warehouse product by article or name. */
  unmatched: FileLine[];
  /** The product was found, but the count or price cannot be received. */
  invalid: FileLine[];
}

function matchProduct(
  line: Pick<FileLine, 'article' | 'name'>,
  index: MatchIndex,
): { product?: FileLine['product']; problem?: string } {
  const found = (ids: string[] | undefined, via: 'barcode' | 'article' | 'name') =>
    ids?.length === 1 ? { ...index.products.get(ids[0]!)!, via } : undefined;
  const byBarcode = line.article ? index.byBarcode.get(line.article.trim()) : undefined;
  if (byBarcode) return { product: found([byBarcode], 'barcode') };
  const byArticle = line.article ? index.byArticle.get(articleKey(line.article)) : undefined;
  const byName = line.name ? index.byName.get(nameKey(line.name)) : undefined;
  const product = found(byArticle, 'article') ?? found(byName, 'name');
  if (product) return { product };
  if ((byArticle?.length ?? 0) > 1)
    return { problem: `Артикул «${line.article}» есть у нескольких товаров склада: укажите точное название` };
  if ((byName?.length ?? 0) > 1)
    return { problem: `Названием «${line.name}» названы несколько товаров склада: укажите артикул` };
  if (line.article && line.name)
    return { problem: `Нет товара склада с артикулом «${line.article}» или названием «${line.name}»` };
  if (line.article) return { problem: `Нет товара склада с артикулом «${line.article}»` };
  if (line.name) return { problem: `Нет товара склада с названием «${line.name}»` };
  return { problem: 'Не указаны ни артикул, ни название' };
}

/** The count: a whole number of units within the stock rules (domain/stock-rules.ts). */
function readCount(text: string): { count?: number; problem?: string } {
  if (!text.trim()) return { problem: 'Не указано количество' };
  const n = parseSheetNumber(text);
  if (n === null) return { problem: `Количество «${text.trim()}» — не число` };
  const check = checkCount(n);
  return check.ok ? { count: n } : { problem: check.error };
}

/**
 * The unit cost: more than 0 (a purchase line at 0 is refused, docs/rules.md «Документы»), to the kopeck, within the
 * cap.
 */
function readPrice(text: string): { price?: number; problem?: string } {
  if (!text.trim()) return { problem: 'Не указана цена' };
  const n = parseSheetNumber(text);
  if (n === null) return { problem: `Цена «${text.trim()}» — не число` };
  const price = Math.round(n * 100) / 100;
  const check = checkPrice(price);
  if (!check.ok) return { problem: check.error };
  return price > 0 ? { price } : { problem: 'Цена должна быть больше 0' };
}

/** Reads and judges every non-empty line under the headings. Throws NO_HEADER when there are none. */
export function planPurchaseFile(rows: readonly string[][], index: MatchIndex): PurchaseFilePlan {
  const header = findHeader(rows);
  if (!header) throw new Error(NO_HEADER);
  const plan: PurchaseFilePlan = { matched: [], unmatched: [], invalid: [] };
  const cellOf = (row: readonly string[], c: FileColumn) =>
    header.columns[c] === undefined ? '' : (row[header.columns[c]!] ?? '').trim();
  for (let r = header.row + 1; r < rows.length; r++) {
    const cells = rows[r] ?? [];
    if (cells.every((c) => !c.trim())) continue;
    const line: FileLine = {
      row: r + 1,
      article: cellOf(cells, 'article'),
      name: cellOf(cells, 'name'),
      countText: cellOf(cells, 'count'),
      priceText: cellOf(cells, 'price'),
      problems: [],
    };
    const { product, problem } = matchProduct(line, index);
    // A totals line at the bottom («Итого» and sums) is not a product.
    if (!product && cells.some((c) => /^(итого|всего)/i.test(c.trim()))) continue;
    const { count, problem: countProblem } = readCount(line.countText);
    const { price, problem: priceProblem } = readPrice(line.priceText);
    Object.assign(line, { product, count, price });
    line.problems = [problem, countProblem, priceProblem].filter((p): p is string => !!p);
    (!product ? plan.unmatched : line.problems.length > 0 ? plan.invalid : plan.matched).push(line);
  }
  return plan;
}

/** The editor's lines for the matched file lines: new lots, count and price as if typed. */
export const linesFromFile = (matched: readonly FileLine[]): PurchaseLine[] =>
  matched.map((l) => ({ ...newLine(l.product!.id, undefined), count: String(l.count), price: String(l.price) }));
