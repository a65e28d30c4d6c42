import type { SandboxMarketplace } from '../../../server/sandbox/server.ts';

/*
 * The model the randomized order test (tests/server/orders-model.test.ts) checks the books against: a seeded random
 * source, the status paths each posting is moved along (written the marketplace's way), and what each posting's line
 * must have done to the books once the intake is quiet (docs/rules.md «Заказы маркетплейсов»). It is built only
 * from what the test did to the sandbox, never from what the server wrote.
 */

/** mulberry32: small, fast and the same on every machine, so a failing seed replays the same scenario. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

export const marketplaces: SandboxMarketplace[] = ['OZON', 'WILDBERRIES', 'YM'];

/** Where a status puts an order, as docs/rules.md reads it; `cancelledSold` is a cancel after the handover. */
type Kind = 'packaging' | 'handed' | 'cancelledBefore' | 'cancelledSold';

/** The statuses the scenario uses and what each means; every cancel after a handover says so the marketplace's way. */
const kinds: Record<SandboxMarketplace, Record<string, Kind>> = {
  OZON: {
    awaiting_packaging: 'packaging',
    awaiting_deliver: 'handed',
    delivering: 'handed',
    delivered: 'handed',
    // A posting cancelled after it was packed carries cancellation.cancelled_after_ship (the sandbox sets it).
    cancelled: 'cancelledBefore',
  },
  WILDBERRIES: {
    'new/waiting': 'packaging',
    'confirm/waiting': 'packaging',
    'complete/waiting': 'handed',
    'complete/sold': 'handed',
    'cancel/canceled': 'cancelledBefore',
    'new/declined_by_client': 'cancelledBefore',
    'complete/canceled_by_client': 'cancelledSold',
  },
  YM: {
    'PROCESSING/STARTED': 'packaging',
    'PROCESSING/READY_TO_SHIP': 'handed',
    'PROCESSING/SHIPPED': 'handed',
    'DELIVERY/DELIVERY_SERVICE_RECEIVED': 'handed',
    'DELIVERED/DELIVERY_SERVICE_DELIVERED': 'handed',
    'CANCELLED/USER_CHANGED_MIND': 'cancelledBefore',
    'CANCELLED/DELIVERY_SERVICE_UNDELIVERED': 'cancelledSold',
  },
};

/** The moves a posting may be given after it is created; one is drawn per posting. */
const paths: Record<SandboxMarketplace, string[][]> = {
  OZON: [
    [],
    ['cancelled'],
    ['awaiting_deliver'],
    ['awaiting_deliver', 'cancelled'],
    ['awaiting_deliver', 'delivering'],
    ['delivering'],
    ['awaiting_deliver', 'delivering', 'delivered'],
    ['delivering', 'delivered'],
    ['delivering', 'cancelled'],
  ],
  WILDBERRIES: [
    [],
    ['confirm/waiting'],
    ['cancel/canceled'],
    ['new/declined_by_client'],
    ['confirm/waiting', 'cancel/canceled'],
    ['confirm/waiting', 'complete/waiting'],
    ['complete/waiting'],
    ['confirm/waiting', 'complete/waiting', 'complete/sold'],
    ['confirm/waiting', 'complete/waiting', 'complete/canceled_by_client'],
  ],
  YM: [
    [],
    ['CANCELLED/USER_CHANGED_MIND'],
    ['PROCESSING/READY_TO_SHIP'],
    ['PROCESSING/READY_TO_SHIP', 'PROCESSING/SHIPPED'],
    ['PROCESSING/SHIPPED', 'DELIVERY/DELIVERY_SERVICE_RECEIVED'],
    ['PROCESSING/READY_TO_SHIP', 'PROCESSING/SHIPPED', 'DELIVERED/DELIVERY_SERVICE_DELIVERED'],
    ['PROCESSING/SHIPPED', 'CANCELLED/DELIVERY_SERVICE_UNDELIVERED'],
    [
      'PROCESSING/READY_TO_SHIP',
      'PROCESSING/SHIPPED',
      'DELIVERY/DELIVERY_SERVICE_RECEIVED',
      'CANCELLED/DELIVERY_SERVICE_UNDELIVERED',
    ],
  ],
};

/** The handover statuses a posting created before the intake began is moved to before it begins. */
export const handedBeforeIntake: Record<SandboxMarketplace, string> = {
  OZON: 'delivering',
  WILDBERRIES: 'complete/waiting',
  YM: 'DELIVERY/DELIVERY_SERVICE_RECEIVED',
};

/** One posting as the test made it: its single line, the statuses it went through and the ones still to come. */
export interface ModelPosting {
  marketplace: SandboxMarketplace;
  postingNumber: string;
  offerId: string;
  /** The warehouse product's key in the test (the article number shared by the three stores). */
  productKey: number;
  quantity: number;
  price: number;
  history: string[];
  plan: string[];
  /** Created and handed over before its store's intake began: the books leave it alone. */
  beforeIntake: boolean;
}

export function newPosting(
  random: Random,
  marketplace: SandboxMarketplace,
  fields: Omit<ModelPosting, 'marketplace' | 'history' | 'plan' | 'beforeIntake'> & { status: string },
): ModelPosting {
  const { status, ...rest } = fields;
  return { marketplace, ...rest, history: [status], plan: [...random.pick(paths[marketplace])], beforeIntake: false };
}

const kindOf = (p: Pick<ModelPosting, 'marketplace'>, status: string): Kind => {
  const kind = kinds[p.marketplace][status];
  if (!kind) throw new Error(`orders-model: no kind for ${p.marketplace} status ${status}`);
  return kind;
};

/** The status the sandbox reports now. */
export const statusOf = (p: ModelPosting) => p.history[p.history.length - 1]!;

/** What a line must have done once the intake is quiet; `released|skipped` depends on whether a run saw it first. */
export type ExpectedBooks = 'reserved' | 'sold' | 'waiting_stock' | 'skipped' | 'released|skipped';

/**
 * The line's books from the posting's story: handed over (now or before a cancel the marketplace calls after the
 * handover) is sold — or waiting for units when its product has none; cancelled before the handover holds nothing
 * (released if a run had reserved it, skipped if none saw it awaiting packaging); awaiting packaging is reserved.
 */
export function expectedBooks(p: ModelPosting, productWithoutStock: (key: number) => boolean): ExpectedBooks {
  if (p.beforeIntake) return 'skipped';
  const kinds = p.history.map((s) => kindOf(p, s));
  const final = kinds[kinds.length - 1]!;
  const handed =
    final === 'cancelledSold' || final === 'handed' || (final === 'cancelledBefore' && kinds.includes('handed'));
  if (handed) return productWithoutStock(p.productKey) ? 'waiting_stock' : 'sold';
  if (final === 'cancelledBefore') return 'released|skipped';
  return 'reserved';
}

/** Whether the line's units leave the warehouse: what the stock the test receives must cover. */
export const isHandedOver = (p: ModelPosting) => {
  const b = expectedBooks(p, () => false);
  return b === 'sold';
};
