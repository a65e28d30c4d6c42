/**
 * What the sandbox's assembly calls keep besides the orders' statuses (those live in the order book):
 * Wildberries supplies (ozon/wb/ym *-assembly.ts) and Yandex Market box layouts.
 */

export interface SandboxSupply {
  /** WB-GI-…, as WB numbers supplies. */
  id: string;
  /** The token's label (seedOfKey): a supply belongs to the seller whose token created it. */
  owner: string;
  name: string;
  createdAt: Date;
  /** Set once the supply is handed over to delivery (PATCH …/deliver). */
  closedAt?: Date;
  /** Assembly task ids, in the order they were added. */
  orders: number[];
}

export interface SandboxBox {
  boxId: number;
  items: Array<{ id: number; fullCount: number }>;
}

export class SandboxAssemblyBook {
  private readonly supplies = new Map<string, SandboxSupply>();
  private readonly layouts = new Map<string, SandboxBox[]>();
  private supplySeq = 0;
  private boxSeq = 0;

  createSupply(owner: string, name: string, now = Date.now()): SandboxSupply {
    this.supplySeq += 1;
    const supply: SandboxSupply = {
      id: `WB-GI-${9_000_000 + this.supplySeq}`,
      owner,
      name,
      createdAt: new Date(now),
      orders: [],
    };
    this.supplies.set(supply.id, supply);
    return supply;
  }

  /** The seller's supply by id; another seller's is as unknown as a missing one. */
  supply(owner: string, id: string): SandboxSupply | undefined {
    const supply = this.supplies.get(id);
    return supply?.owner === owner ? supply : undefined;
  }

  /** Puts a task in `supply`, taking it out of any other open supply of the seller (WB moves it). */
  addToSupply(supply: SandboxSupply, orderId: number): void {
    for (const other of this.supplies.values())
      if (other !== supply && other.owner === supply.owner && !other.closedAt)
        other.orders = other.orders.filter((id) => id !== orderId);
    if (!supply.orders.includes(orderId)) supply.orders.push(orderId);
  }

  /** Replaces a YM order's layout (the call may be repeated until READY_TO_SHIP); new box ids each time. */
  setBoxes(campaignId: number, orderId: number, boxes: Array<SandboxBox['items']>): SandboxBox[] {
    const layout = boxes.map((items) => ({ boxId: 500_000_000 + ++this.boxSeq, items }));
    this.layouts.set(`${campaignId}:${orderId}`, layout);
    return layout;
  }

  boxes(campaignId: number, orderId: number): SandboxBox[] | undefined {
    return this.layouts.get(`${campaignId}:${orderId}`);
  }
}
