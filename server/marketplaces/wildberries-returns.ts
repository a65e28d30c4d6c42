import type { CallContext } from './http.ts';
import { moscowTime } from './period.ts';
import { MarketplaceAuthError, type MarketplaceReturn } from './types.ts';
import type { Card, CardsListRequest, CardsListResponse, GoodsReturnRow } from './wildberries/wire.ts';

/** Where CardLookup finds cards: the adapter's cards/list calls on the seller's Content quota. */
export interface CardSource {
  cards(ctx: CallContext, body: CardsListRequest): Promise<CardsListResponse>;
  cardPages(ctx: CallContext): AsyncIterable<Card[]>;
}

/** Up to this many unknown nmIds are looked up one by one (textSearch); more, and the catalog is walked instead. */
const SEARCH_ONE_BY_ONE = 5;

/**
 * nmId → card, for one listing of returns. Each lookup costs a request on the Content quota (100 a
 * minute), so a few nmIds are searched one by one, and more are found by walking the catalog, which
 * stops as soon as all of them are found (a walk to the end knows every card there is). A token
 * without the Content category only loses the articles.
 */
export class CardLookup {
  private readonly known = new Map<number, Card | undefined>();
  private complete = false;
  private disabled = false;

  constructor(
    private readonly adapter: CardSource,
    private readonly ctx: CallContext,
  ) {}

  async resolve(nmIds: number[]): Promise<Map<number, Card | undefined>> {
    const missing = new Set([...new Set(nmIds)].filter((id) => !this.known.has(id)));
    if (missing.size === 0 || this.disabled || this.complete) return this.known;
    try {
      if (missing.size <= SEARCH_ONE_BY_ONE) {
        for (const nmId of missing) {
          const page = await this.adapter.cards(this.ctx, {
            settings: { filter: { withPhoto: -1, textSearch: String(nmId) }, cursor: { limit: 100 } },
          });
          this.known.set(
            nmId,
            page.cards?.find((c) => c.nmID === nmId),
          );
        }
        return this.known;
      }
      let walkedToEnd = true;
      for await (const cards of this.adapter.cardPages(this.ctx)) {
        for (const card of cards) {
          if (card.nmID === undefined) continue;
          this.known.set(card.nmID, card);
          missing.delete(card.nmID);
        }
        if (missing.size === 0) {
          walkedToEnd = false;
          break;
        }
      }
      this.complete = walkedToEnd;
      for (const nmId of missing) this.known.set(nmId, undefined);
    } catch (error) {
      if (!(error instanceof MarketplaceAuthError)) throw error;
      this.disabled = true;
    }
    return this.known;
  }
}

/**
 * A return may show up once per status it went through; isStatusActive = 1 marks the current one.
 * Rows are keyed by srid (the return order's id) and the active row wins.
 */
export function latestPerReturn(rows: GoodsReturnRow[]): GoodsReturnRow[] {
  const byKey = new Map<string, GoodsReturnRow>();
  for (const row of rows) {
    const key = returnKey(row);
    if (!key) continue;
    const seen = byKey.get(key);
    if (!seen || (row.isStatusActive ?? 1) >= (seen.isStatusActive ?? 1)) byKey.set(key, row);
  }
  return [...byKey.values()];
}

const returnKey = (row: GoodsReturnRow): string | undefined =>
  row.srid ||
  (row.shkId !== undefined ? `shk:${row.shkId}` : row.orderId !== undefined ? `order:${row.orderId}` : undefined);

export function toReturn(row: GoodsReturnRow, card: Card | undefined): MarketplaceReturn {
  const subject = [row.subjectName, row.brand].filter(Boolean).join(', ');
  return {
    externalId: returnKey(row)!,
    // The assembly task number is what an FBS seller knows the order by; srid otherwise.
    orderNumber: row.orderId !== undefined ? String(row.orderId) : (row.srid ?? ''),
    offerId: card?.vendorCode ?? '',
    externalProductId: row.nmId === undefined ? undefined : String(row.nmId),
    name: card?.title || subject,
    // No quantity in the report: one row is one unit.
    count: 1,
    // Handed to the seller, else ready at the pickup point, else the day the return was ordered.
    returnedAt: moscowTime(row.completedDt) ?? moscowTime(row.readyToReturnDt) ?? row.orderDt ?? '',
    marketplaceStatus: row.status || undefined,
  };
}
