import type { OutboxEntry } from '../../../db/database.ts';
import { formatDay } from '../../../lib/format.ts';

type Row = Record<string, unknown>;
type Gender = 'm' | 'f' | 'n';

/** An outbox entry as far as describing it goes. */
export type DescribedEntry = Pick<OutboxEntry, 'table' | 'method' | 'path' | 'body' | 'row_id' | 'before'>;

/** What the loader found on the device for one refused edit (./refused-edits.ts). */
export interface RefusedFacts {
  /** The call the edit is named after: a document's own call when the edit is a document save. */
  head: DescribedEntry;
  /** Every entry refused with it (the group, carriers included), head among them. */
  unit: readonly DescribedEntry[];
  /** The head's row as the device has it now, or as it was before the edit. */
  row: Row | null;
  /** Products the edit is about, by id, as the device names them (missing: not on the device). */
  productNames: ReadonlyMap<string, string>;
  reason: string;
}

export interface RefusedDescription {
  /** «Списание 3 шт.», «Приход от 24.11.2026». */
  what: string;
  /** «товара «Кружка белая»», «магазина «Озон-1»», or empty. */
  subject: string;
  /** The whole sentence of the notification. */
  sentence: string;
  /** The screen of the row, to open; null when there is none. */
  open: string | null;
}

const refusedWord: Record<Gender, string> = {
  m: 'отклонён',
  f: 'отклонена',
  n: 'отклонено',
};
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const bodyOf = (e: DescribedEntry): Row =>
  e.body && typeof e.body === 'object' && !Array.isArray(e.body) ? (e.body as Row) : {};
const segments = (path: string) => path.split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);

/** The products an entry is about: named in its body (one row or a document's lines), its path, or its row. */
export function productIdsOf(entry: DescribedEntry, row: Row | null = null): string[] {
  const body = bodyOf(entry);
  const ids: unknown[] = [body.product_id, body.product];
  if (Array.isArray(body.batch)) for (const line of body.batch as Row[]) ids.push(line?.product_id, line?.product);
  const path = segments(entry.path);
  const products = path.indexOf('products');
  if (products >= 0 && ['warehouse', 'group', 'ungroup'].includes(path[products + 1] ?? ''))
    ids.push(path[products + 2]);
  if (entry.table === 'products_wh') ids.push(entry.row_id);
  const rowOf = row ?? entry.before;
  if (rowOf && entry.table !== 'products_wh') ids.push(rowOf.product_id, rowOf.product);
  return [...new Set(ids.map(str).filter((id): id is string => !!id && id !== 'update' && id !== 'delete'))];
}

const counted = (noun: string, e: DescribedEntry) => {
  const count = num(bodyOf(e).count);
  return count === undefined ? noun : `${noun} ${count} шт.`;
};

/** What kind of edit an entry is: the noun and its gender (for «отклонено»). */
function kindOf(e: DescribedEntry): [string, Gender] {
  const create = e.method === 'POST';
  const remove = e.method === 'DELETE';
  const path = e.path;
  const change = (changed: string, removed: string): [string, Gender] =>
    remove ? [`Удаление ${removed}`, 'n'] : [`Изменение ${changed}`, 'n'];
  switch (e.table) {
    case 'disposals':
      return create ? [counted('Списание', e), 'n'] : change('списания', 'списания');
    case 'markdowns':
      return create ? [counted('Уценка', e), 'f'] : change('уценки', 'уценки');
    case 'realizations':
      if (create) return [counted('Продажа', e), 'f'];
      return bodyOf(e).status === 'cancelled' ? ['Отмена продажи', 'f'] : change('продажи', 'продажи');
    case 'reserves':
      return create ? [counted('Резерв', e), 'm'] : change('резерва', 'резерва');
    case 'lots':
      if (path.includes('/inventory_batch/')) return ['Строки прихода', 'f'];
      return create ? [counted('Приход', e), 'm'] : change('партии', 'партии');
    case 'other_realizations':
      return create ? [counted('Прочая реализация', e), 'f'] : change('прочей реализации', 'прочей реализации');
    case 'returns':
      if (path.includes('/returns/batch/')) return ['Приём возвратов', 'm'];
      if (create) return [counted('Возврат', e), 'm'];
      return segments(path).length > 4 ? ['Приём возврата', 'm'] : change('возврата', 'возврата');
    case 'products_wh':
    case 'products_mp':
      if (path.includes('/products/group/')) return ['Объединение', 'n'];
      if (path.includes('/products/ungroup/')) return ['Разделение', 'n'];
      return create ? ['Создание', 'n'] : remove ? ['Удаление', 'n'] : ['Изменение', 'n'];
    case 'order_lines': {
      const offer = str(bodyOf(e).offer_id);
      return [offer ? `Связывание артикула «${offer}»` : 'Связывание артикула', 'n'];
    }
    case 'markets':
      if (path.includes('/extract/')) return ['Загрузка товаров', 'f'];
      return create ? ['Создание', 'n'] : remove ? ['Удаление', 'n'] : ['Изменение', 'n'];
    default:
      return create ? ['Создание записи', 'n'] : remove ? ['Удаление записи', 'n'] : ['Изменение записи', 'n'];
  }
}

const documentName: Record<string, [string, Gender]> = {
  purchase: ['Приход', 'm'],
  return: ['Приём возвратов', 'm'],
  other: ['Прочая реализация', 'f'],
};

/** A document save (a batch): named by the document and its day, «Приход от 24.11.2026». */
function documentOf(facts: RefusedFacts): [string, Gender] {
  const body = bodyOf(facts.head);
  const kind = str(body.kind) ?? str(facts.row?.kind) ?? 'purchase';
  const day = str(body.date) ?? str(facts.row?.date);
  const [noun, gender] = documentName[kind] ?? documentName.purchase!;
  const label = day ? `${noun} от ${formatDay(day)}` : noun;
  if (facts.head.method === 'POST') return [label, gender];
  return [`${facts.head.method === 'DELETE' ? 'Удаление' : 'Изменение'} документа «${label}»`, 'n'];
}

function productsSubject(ids: readonly string[], names: ReadonlyMap<string, string>, fallback?: string): string {
  const named = ids.map((id) => names.get(id)).filter((n): n is string => !!n);
  if (named.length === 0) return fallback ? `товара «${fallback}»` : '';
  if (named.length === 1) return `товара «${named[0]}»`;
  const shown = named
    .slice(0, 2)
    .map((n) => `«${n}»`)
    .join(', ');
  return named.length > 2 ? `товаров ${shown} и ещё ${named.length - 2}` : `товаров ${shown}`;
}

function openOf(facts: RefusedFacts, productIds: readonly string[]): string | null {
  const { head, row } = facts;
  if (head.table === 'batches') {
    const kind = str(bodyOf(head).kind) ?? str(row?.kind);
    const exists = row !== null && head.method !== 'DELETE';
    if (kind === 'other') return exists ? `/other-realizations/edit/${head.row_id}` : '/other-realizations/add';
    return exists ? `/inventory/edit/${head.row_id}` : '/inventory/add';
  }
  if (head.table === 'markets') {
    const marketId = str(row?.market_id);
    return marketId ? `/market/${encodeURIComponent(marketId)}` : '/markets';
  }
  // The link is done again from «Не связаны», whatever product it named.
  if (head.table === 'order_lines') return '/orders';
  const known = productIds.filter((id) => facts.productNames.has(id));
  if (known.length === 1) return `/product/${encodeURIComponent(known[0]!)}`;
  if (head.table === 'returns') return '/returns';
  return known.length > 1 || head.table.startsWith('products') ? '/products' : null;
}

/**
 * A refused edit in words: what it was, what about, and why the server refused it, e.g.
 * «Списание 3 шт. товара «Кружка белая» отклонено: Недостаточно товара на складе: доступно 1 шт.».
 */
export function describeRefused(facts: RefusedFacts): RefusedDescription {
  const { head, row } = facts;
  const productIds = [...new Set(facts.unit.flatMap((e) => productIdsOf(e, e === head ? row : null)))];
  let what: string;
  let gender: Gender;
  let subject = '';
  if (head.table === 'batches') {
    [what, gender] = documentOf(facts);
    const names = productIds.map((id) => facts.productNames.get(id)).filter((n): n is string => !!n);
    if (names.length > 0)
      subject = `(${names.length === 1 ? 'товар' : 'товары'} ${names
        .slice(0, 3)
        .map((n) => `«${n}»`)
        .join(', ')}${names.length > 3 ? ` и ещё ${names.length - 3}` : ''})`;
  } else if (head.table === 'markets') {
    [what, gender] = kindOf(head);
    const name = str(bodyOf(head).name) ?? str(row?.name);
    subject = name ? `магазина «${name}»` : 'магазина';
  } else {
    [what, gender] = kindOf(head);
    const ownName = head.table === 'products_wh' ? (str(bodyOf(head).name) ?? str(row?.name)) : undefined;
    subject = productsSubject(productIds, facts.productNames, ownName);
  }
  const sentence = `${[what, subject].filter(Boolean).join(' ')} ${refusedWord[gender]}: ${facts.reason}`;
  return { what, subject, sentence, open: openOf(facts, productIds) };
}
