import type { SandboxMarketplace } from './types.ts';

/**
 * The order statuses the sandbox knows, written the marketplace's way (postings.ts): what generated
 * postings cycle through, what a new order starts in, and what the control API accepts.
 */

/** The statuses generated postings cycle through, relevant ones first; more may be set by the control API. */
export const postingStatuses: Record<SandboxMarketplace, readonly string[]> = {
  OZON: [
    'awaiting_packaging',
    'awaiting_deliver',
    'delivering',
    'driver_pickup',
    'delivered',
    'cancelled',
    'awaiting_registration',
    'arbitration',
  ],
  WILDBERRIES: [
    'new/waiting',
    'confirm/waiting',
    'complete/waiting',
    'complete/sorted',
    'complete/ready_for_pickup',
    'complete/sold',
    'cancel/canceled',
    'new/declined_by_client',
    'complete/canceled_by_client',
  ],
  YM: [
    'PROCESSING/STARTED',
    'PROCESSING/READY_TO_SHIP',
    'DELIVERY/DELIVERY_SERVICE_RECEIVED',
    'PROCESSING/SHIPPED',
    'PICKUP/PICKUP_SERVICE_RECEIVED',
    'DELIVERED/DELIVERY_SERVICE_DELIVERED',
    'CANCELLED/USER_CHANGED_MIND',
    'UNPAID/WAITING_USER_INPUT',
  ],
};

const ozonStatuses = new Set([
  'awaiting_registration',
  'acceptance_in_progress',
  'awaiting_approve',
  'awaiting_packaging',
  'awaiting_deliver',
  'arbitration',
  'client_arbitration',
  'delivering',
  'driver_pickup',
  'delivered',
  'cancelled',
  'not_accepted',
  'sent_by_seller',
]);
const wbSupplierStatuses = new Set(['new', 'confirm', 'complete', 'cancel']);
const wbStatuses = new Set([
  'waiting',
  'sorted',
  'sold',
  'canceled',
  'canceled_by_client',
  'declined_by_client',
  'defect',
  'ready_for_pickup',
  'postponed_delivery',
  'accepted_by_carrier',
  'sent_to_carrier',
]);
const ymStatuses = new Set([
  'PLACING',
  'RESERVED',
  'UNPAID',
  'PROCESSING',
  'DELIVERY',
  'PICKUP',
  'DELIVERED',
  'CANCELLED',
  'PENDING',
  'PARTIALLY_RETURNED',
  'RETURNED',
  'UNKNOWN',
]);

/** Whether `status` is one the marketplace's API can answer (its enums; YM substatuses by form only). */
export function isPostingStatus(marketplace: SandboxMarketplace, status: string): boolean {
  if (marketplace === 'OZON') return ozonStatuses.has(status);
  const [a, b, ...rest] = status.split('/');
  if (a === undefined || b === undefined || rest.length > 0) return false;
  if (marketplace === 'WILDBERRIES') return wbSupplierStatuses.has(a) && wbStatuses.has(b);
  return ymStatuses.has(a) && /^[A-Z][A-Z_]*$/.test(b);
}

/** Where an order starts: awaiting packaging (a WB task is new, a YM order is being processed). */
export const newPostingStatus: Record<SandboxMarketplace, string> = {
  OZON: 'awaiting_packaging',
  WILDBERRIES: 'new/waiting',
  YM: 'PROCESSING/STARTED',
};

const ozonHandedOver = new Set(['delivering', 'driver_pickup', 'sent_by_seller', 'delivered']);
const ymHandedOver = new Set(['DELIVERY', 'PICKUP', 'DELIVERED', 'PARTIALLY_RETURNED', 'RETURNED']);

/**
 * Whether an order in `status` has left the seller's warehouse: OZON in delivery or delivered, a WB
 * task `complete` (its supply handed to delivery), a YM order shipped or further. The moment an order
 * first gets there is its handover (OZON's delivering_date).
 */
export function isHandedOver(marketplace: SandboxMarketplace, status: string): boolean {
  if (marketplace === 'OZON') return ozonHandedOver.has(status);
  if (marketplace === 'WILDBERRIES') return status.startsWith('complete/');
  return status === 'PROCESSING/SHIPPED' || ymHandedOver.has(status.split('/')[0]!);
}

/**
 * Whether an order in `status` has been packed (OZON awaiting_deliver or handed over, a WB task handed
 * over, a YM order READY_TO_SHIP or handed over): OZON's cancellation.cancelled_after_ship («отмена
 * произошла после сборки отправления») is true for a posting cancelled after it first got there.
 */
export function isPacked(marketplace: SandboxMarketplace, status: string): boolean {
  if (marketplace === 'OZON' && status === 'awaiting_deliver') return true;
  if (marketplace === 'YM' && status === 'PROCESSING/READY_TO_SHIP') return true;
  return isHandedOver(marketplace, status);
}
