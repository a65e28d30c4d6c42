import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { assemblyFields, assemblyStatus, type AssemblyStatus } from './assembly-status.ts';
import {
  inTab,
  isConnected,
  stageLabels,
  stageTabs,
  type LineBooks,
  type Order,
  type OrderLine,
  type OrderProduct,
  type OrderStage,
  type StageTab,
  type Store,
} from './order-types.ts';

/*
 * /orders from the mirrored rows, as pure functions: which orders a tab, store and search show, the tabs' counts,
 * what each line did to the books, the «Не связаны» offers and the stores' intake notes.
 */

export interface OrdersData {
  orders: Order[];
  lines: OrderLine[];
  stores: Store[];
  products: OrderProduct[];
  /** Free units (on hand − active reserves, as the device projects them) of the products of reserved lines. */
  free: ReadonlyMap<string, number>;
}

export interface OrdersQuery {
  /** A store's id (markets.id); undefined — every store. */
  store?: string;
  stage: StageTab;
  q: string;
}

export interface LineView {
  id: string;
  offer_id: string;
  name: string;
  quantity: number;
  price: number;
  product: { id: string; name: string } | null;
  books: LineBooks;
  /**
   * Units missing: for a reserved line, how many of its units the product's free stock does not cover now; for a
   * line handed over without stock (waiting_stock), the server's count. 0 otherwise.
   */
  missing: number;
  /** A link of this line's listing to a product is queued and not confirmed yet. */
  linking: boolean;
}

export interface OrderCard {
  id: string;
  posting_number: string;
  store: string;
  marketplace: string;
  status: string;
  stage: OrderStage;
  stageLabel: string;
  ordered_at: string | null;
  changed_at: string;
  shipped_at: string | null;
  problem: string | null;
  before_intake: boolean;
  cancelled_after_handover: boolean;
  /** Where its assembly stands (a «Собрано» queued on this device shows as sending: the row carries the mark). */
  assembly: AssemblyStatus;
  lines: LineView[];
}

/** One listing of a store that orders name but no warehouse product is linked to: «Не связаны». */
export interface UnlinkedOffer {
  store_id: string;
  store: string;
  marketplace: string;
  offer_id: string;
  name: string;
  /** Units its lines ask for, and how many orders they are in. */
  units: number;
  orders: number;
  /** The unlinked lines, oldest order first: a link is filed under the first. */
  line_ids: string[];
  linking: boolean;
}

export interface IntakeNotes {
  /** Connected stores whose orders reserve nothing yet (intake off): offered «Включить». */
  off: Store[];
  /** Connected stores whose intake stopped with an error (a revoked key, say). */
  failing: Array<{ store: Store; error: string }>;
  /** No store has a marketplace and a key: nothing can come in. */
  noConnected: boolean;
}

export interface OrdersView {
  cards: OrderCard[];
  counts: Record<StageTab, number>;
  unlinked: UnlinkedOffer[];
  intake: IntakeNotes;
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });
const time = (iso: string | null) => (iso ? Date.parse(iso) : NaN);

/**
 * Orders to pack (and new ones) oldest first, as they are packed; the others newest change first, as they happened.
 */
function compareOrders(tab: StageTab) {
  const queue = tab === 'awaiting_packaging' || tab === 'new';
  return (a: Order, b: Order) => {
    const diff = queue
      ? (time(a.ordered_at) || time(a.changed_at)) - (time(b.ordered_at) || time(b.changed_at))
      : time(b.changed_at) - time(a.changed_at);
    return diff || collator.compare(a.posting_number, b.posting_number) || (a.id < b.id ? -1 : 1);
  };
}

/** Units of a reserved line its product's free stock does not cover: min(quantity, −free) when free is negative. */
export function reservedShortage(quantity: number, free: number | undefined): number {
  if (free === undefined || free >= 0) return 0;
  return Math.min(quantity, -free);
}

function lineView(line: OrderLine, products: ReadonlyMap<string, OrderProduct>, free: OrdersData['free']): LineView {
  const product = line.product_id ? products.get(line.product_id) : undefined;
  const missing =
    line.books === 'reserved' && line.product_id
      ? reservedShortage(line.quantity, free.get(line.product_id))
      : line.books === 'waiting_stock'
        ? line.shortage
        : 0;
  return {
    id: line.id,
    offer_id: line.offer_id,
    name: line.name,
    quantity: line.quantity,
    price: line.price,
    product: line.product_id ? { id: line.product_id, name: product?.name ?? 'Товар не найден на устройстве' } : null,
    books: line.books,
    missing,
    linking: !!line.linking_product_id,
  };
}

/** Whether an order matches a search: its posting number, a line's article or name, or a line's product's name. */
export function matchesSearch(
  order: Pick<Order, 'posting_number'>,
  lines: readonly Pick<OrderLine, 'offer_id' | 'name' | 'product_id'>[],
  products: ReadonlyMap<string, Pick<OrderProduct, 'name'>>,
  q: string,
): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  if (order.posting_number.toLowerCase().includes(needle)) return true;
  return lines.some(
    (l) =>
      l.offer_id.toLowerCase().includes(needle) ||
      l.name.toLowerCase().includes(needle) ||
      (!!l.product_id && !!products.get(l.product_id)?.name.toLowerCase().includes(needle)),
  );
}

export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** The listings orders name that no product is linked to, per store and article; a cancelled order waits for none. */
export function unlinkedOffers(
  orders: readonly Order[],
  linesOf: ReadonlyMap<string, OrderLine[]>,
  stores: ReadonlyMap<string, Store>,
): UnlinkedOffer[] {
  const byOffer = new Map<string, UnlinkedOffer & { orderIds: Set<string> }>();
  const oldestFirst = [...orders].sort(compareOrders('awaiting_packaging'));
  for (const order of oldestFirst) {
    if (order.stage === 'cancelled') continue;
    for (const line of linesOf.get(order.id) ?? []) {
      if (line.books !== 'unlinked') continue;
      const key = `${order.store_id}\n${line.offer_id}`;
      let offer = byOffer.get(key);
      if (!offer) {
        const store = stores.get(order.store_id);
        offer = {
          store_id: order.store_id,
          store: store?.name ?? 'Магазин удалён',
          marketplace: marketplaceName(store?.marketplace ?? order.marketplace),
          offer_id: line.offer_id,
          name: line.name,
          units: 0,
          orders: 0,
          line_ids: [],
          linking: false,
          orderIds: new Set(),
        };
        byOffer.set(key, offer);
      }
      offer.units += line.quantity;
      offer.orderIds.add(order.id);
      offer.line_ids.push(line.id);
      offer.linking ||= !!line.linking_product_id;
    }
  }
  return [...byOffer.values()]
    .map(({ orderIds, ...offer }) => ({ ...offer, orders: orderIds.size }))
    .sort(
      (a, b) =>
        b.units - a.units ||
        collator.compare(a.store, b.store) ||
        collator.compare(a.offer_id, b.offer_id) ||
        (a.store_id < b.store_id ? -1 : 1),
    );
}

/** The notes at the top of /orders: stores whose intake is off or failing, or that none is connected. */
export function intakeNotes(stores: readonly Store[]): IntakeNotes {
  const connected = stores
    .filter(isConnected)
    .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  return {
    off: connected.filter((s) => s.order_intake === false),
    failing: connected.flatMap((s) => (s.order_intake_error ? [{ store: s, error: s.order_intake_error }] : [])),
    noConnected: connected.length === 0,
  };
}

/** Everything /orders shows for a store, tab and search; the tabs count what the store and search leave. */
export function ordersView(data: OrdersData, query: OrdersQuery): OrdersView {
  const products = new Map(data.products.map((p) => [p.id, p]));
  const stores = new Map(data.stores.map((s) => [s.id, s]));
  const linesOf = groupBy(data.lines, (l) => l.order_id);
  const ofStore = query.store ? data.orders.filter((o) => o.store_id === query.store) : data.orders;
  const found = ofStore.filter((o) => matchesSearch(o, linesOf.get(o.id) ?? [], products, query.q));

  const counts = Object.fromEntries(stageTabs.map((t) => [t, 0])) as Record<StageTab, number>;
  for (const order of found) for (const tab of stageTabs) if (inTab(order.stage, tab)) counts[tab] += 1;

  const cards = found
    .filter((o) => inTab(o.stage, query.stage))
    .sort(compareOrders(query.stage))
    .map((order): OrderCard => {
      const store = stores.get(order.store_id);
      const lines = [...(linesOf.get(order.id) ?? [])].sort((a, b) => collator.compare(a.line_key, b.line_key));
      return {
        id: order.id,
        posting_number: order.posting_number,
        store: store?.name ?? 'Магазин удалён',
        marketplace: marketplaceName(store?.marketplace ?? order.marketplace),
        status: order.status,
        stage: order.stage,
        stageLabel: stageLabels[order.stage] ?? order.stage,
        ordered_at: order.ordered_at,
        changed_at: order.changed_at,
        shipped_at: order.shipped_at,
        problem: order.problem,
        before_intake: order.before_intake,
        cancelled_after_handover: order.cancelled_after_handover ?? false,
        assembly: assemblyStatus(assemblyFields(order), false),
        lines: lines.map((l) => lineView(l, products, data.free)),
      };
    });

  return {
    cards,
    counts,
    unlinked: unlinkedOffers(ofStore, linesOf, stores),
    intake: intakeNotes(data.stores),
  };
}
