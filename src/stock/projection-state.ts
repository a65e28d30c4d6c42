import { allocate, type Allocation } from '../../domain/fifo.ts';
import type { ProjectionLot, ProjectionMovement } from './projection.ts';

/**
 * The lots while the projection replays the outbox (./projection.ts), and what each
 * outflow holds of them. Mirrors the server's engine (server/stock/engine.ts): take FIFO, put back
 * exactly what the ledger says an outflow holds, retake all or nothing.
 */
export class LotState {
  private readonly lots = new Map<string, ProjectionLot>();
  /** Lots are copied only when changed (copy on write): the rest pass through untouched. */
  private readonly copied = new Set<string>();
  private readonly byProduct = new Map<string, Set<string>>();
  /** Per outflow (`table/id`), units held per lot as the mirrored ledger says. */
  private readonly ledger = new Map<string, Map<string, number>>();
  /** Per outflow, units held per lot as the replay has them so far. */
  private readonly holdings = new Map<string, Map<string, number>>();

  /** `movements` are read only for the outflows named in `sources`. */
  constructor(movements: readonly ProjectionMovement[], sources: ReadonlySet<string>) {
    for (const m of movements) {
      const k = `${m.source_table}/${m.source_id}`;
      if (!sources.has(k)) continue;
      let held = this.ledger.get(k);
      if (!held) this.ledger.set(k, (held = new Map()));
      held.set(m.lot_id, (held.get(m.lot_id) ?? 0) - m.delta);
    }
  }

  /** A lot as given (shared, not copied until changed). */
  keep(lot: ProjectionLot): void {
    this.lots.set(lot.id, lot);
  }

  /** A lot the state owns (made here): changed in place. */
  put(lot: ProjectionLot): void {
    this.lots.set(lot.id, lot);
    this.copied.add(lot.id);
    this.byProduct.get(lot.product_id)?.add(lot.id);
  }

  get(id: string): ProjectionLot | undefined {
    return this.lots.get(id);
  }

  /** The lot, safe to change. */
  mutable(id: string): ProjectionLot | undefined {
    let lot = this.lots.get(id);
    if (lot && !this.copied.has(id)) {
      this.lots.set(id, (lot = { ...lot }));
      this.copied.add(id);
    }
    return lot;
  }

  remove(id: string): void {
    const lot = this.lots.get(id);
    if (!lot) return;
    this.lots.delete(id);
    this.byProduct.get(lot.product_id)?.delete(id);
  }

  moveTo(lot: ProjectionLot, productId: string): void {
    this.byProduct.get(lot.product_id)?.delete(lot.id);
    lot.product_id = productId;
    this.byProduct.get(productId)?.add(lot.id);
  }

  /** Indexes the lots of these products in one pass; others are found on first use. */
  index(products: ReadonlySet<string>): void {
    for (const p of products) if (!this.byProduct.has(p)) this.byProduct.set(p, new Set());
    for (const lot of this.lots.values())
      if (products.has(lot.product_id)) this.byProduct.get(lot.product_id)!.add(lot.id);
  }

  private lotsOf(productId: string): ProjectionLot[] {
    if (!this.byProduct.has(productId)) this.index(new Set([productId]));
    return [...this.byProduct.get(productId)!].map((id) => this.lots.get(id)!);
  }

  /** Whether the server has applied this outflow already (its ledger rows reached the device). */
  known(source: string): boolean {
    return this.ledger.has(source);
  }

  private heldBy(source: string): Map<string, number> {
    let held = this.holdings.get(source);
    if (!held)
      this.holdings.set(source, (held = new Map([...(this.ledger.get(source) ?? [])].filter(([, n]) => n !== 0))));
    return held;
  }

  /** Takes units FIFO (or from `lotId`); null when there are not enough. */
  take(productId: string | undefined, quantity: number, lotId?: string): Allocation[] | null {
    if (!productId) return null;
    const lots = this.lotsOf(productId).map((l) => ({
      id: l.id,
      count: l.count,
      price: l.price,
      receivedAt: l.created_at,
    }));
    const result = allocate(lots, quantity, { lotId });
    if (!result.ok) return null;
    for (const a of result.allocations) this.mutable(a.lotId)!.count -= a.count;
    return result.allocations;
  }

  /** Returns what the outflow holds to its lots; answers what that was. */
  putBack(source: string): Map<string, number> {
    const held = this.heldBy(source);
    for (const [lotId, n] of held) {
      const lot = this.mutable(lotId);
      if (lot) lot.count += n;
    }
    const was = new Map(held);
    held.clear();
    return was;
  }

  /** Put back, then take `quantity` anew — all or nothing, like the server's retake in one transaction. */
  retake(source: string, productId: string | undefined, quantity: number, lotId?: string): boolean {
    const was = this.putBack(source);
    if (quantity <= 0) return true;
    const held = this.heldBy(source);
    const taken = this.take(productId, quantity, lotId);
    if (taken) {
      for (const a of taken) held.set(a.lotId, (held.get(a.lotId) ?? 0) + a.count);
      return true;
    }
    for (const [id, n] of was) {
      const lot = this.mutable(id);
      if (lot) lot.count -= n;
      held.set(id, n);
    }
    return false;
  }

  values(): ProjectionLot[] {
    return [...this.lots.values()];
  }
}
