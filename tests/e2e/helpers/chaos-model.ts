import type { SeededRandom } from './seeded-random.ts';

export type EditKind = 'rename' | 'receive' | 'purchase' | 'writeOff' | 'markdown';
export const editKinds: readonly EditKind[] = ['rename', 'receive', 'purchase', 'writeOff', 'markdown'];

/** What the user did to one product, as the model keeps it. */
export interface ModelProduct {
  id: string;
  /** A fixed part of every name the product gets («Товар 3:»), to find its row whatever it is called now. */
  tag: string;
  name: string;
  /** Lots received: one per receive form, one per line of a purchase. */
  lots: number;
  receivedUnits: number;
  writeOffs: number;
  writtenOffUnits: number;
  markdowns: number;
}

/** One edit to make through the UI: drawn by the scenario, applied to the model once the UI took it. */
export type PlannedEdit =
  | { kind: 'rename'; product: string; name: string }
  | { kind: 'receive'; product: string; count: number; price: number }
  | { kind: 'purchase'; lines: Array<{ product: string; count: number; price: number }> }
  | { kind: 'writeOff'; product: string; count: number; price: number }
  | { kind: 'markdown'; product: string; markdownPrice: number };

const WEIGHTS: Record<EditKind, number> = {
  rename: 0.18,
  receive: 0.24,
  purchase: 0.08,
  writeOff: 0.25,
  markdown: 0.25,
};

/**
 * The user's edits as they should end up on the server: per product the final name, lots and
 * units received, write-offs and markdowns. Outflows are only planned from units the model
 * knows are free, so the server has no reason to refuse any edit.
 */
export class ChaosModel {
  readonly products: ModelProduct[];
  readonly done: Record<EditKind, number> = { rename: 0, receive: 0, purchase: 0, writeOff: 0, markdown: 0 };
  private renames = 0;

  constructor(products: Array<{ id: string; tag: string; name: string }>) {
    this.products = products.map((p) => ({
      ...p,
      lots: 0,
      receivedUnits: 0,
      writeOffs: 0,
      writtenOffUnits: 0,
      markdowns: 0,
    }));
  }

  product(id: string): ModelProduct {
    const found = this.products.find((p) => p.id === id);
    if (!found) throw new Error(`model: no product ${id}`);
    return found;
  }

  /** Units on hand and free: received − written off − marked down (no reserves in this run). */
  onHand(p: ModelProduct): number {
    return p.receivedUnits - p.writtenOffUnits - p.markdowns;
  }

  get totalEdits(): number {
    return Object.values(this.done).reduce((s, n) => s + n, 0);
  }

  /** The next edit, drawn from the seed: a random kind and product, outflows only from free units. */
  plan(random: SeededRandom): PlannedEdit {
    for (;;) {
      const kind = random.weighted(WEIGHTS);
      const p = random.pick(this.products);
      const free = this.onHand(p);
      const price = random.int(50, 900);
      switch (kind) {
        case 'rename':
          return { kind, product: p.id, name: `${p.tag} вариант ${++this.renames}` };
        case 'receive':
          return { kind, product: p.id, count: random.int(1, 6), price };
        case 'purchase': {
          const others = this.products.filter((o) => o.id !== p.id);
          const second = random.pick(others);
          const lines = [p, second].map((o) => ({
            product: o.id,
            count: random.int(1, 5),
            price: random.int(50, 900),
          }));
          return { kind, lines };
        }
        case 'writeOff':
          if (free < 1) continue;
          return { kind, product: p.id, count: random.int(1, Math.min(3, free)), price };
        case 'markdown':
          if (free < 1) continue;
          return { kind, product: p.id, markdownPrice: random.int(10, 40) };
      }
    }
  }

  /** Records an edit the UI accepted. */
  apply(edit: PlannedEdit): void {
    this.done[edit.kind]++;
    switch (edit.kind) {
      case 'rename':
        this.product(edit.product).name = edit.name;
        return;
      case 'receive':
        return this.received(edit.product, edit.count);
      case 'purchase':
        for (const line of edit.lines) this.received(line.product, line.count);
        return;
      case 'writeOff': {
        const p = this.product(edit.product);
        p.writeOffs++;
        p.writtenOffUnits += edit.count;
        return;
      }
      case 'markdown':
        this.product(edit.product).markdowns++;
        return;
    }
  }

  private received(id: string, count: number) {
    const p = this.product(id);
    p.lots++;
    p.receivedUnits += count;
  }
}

/** One line per edit for failure messages: what was asked of which product. */
export function describeEdit(edit: PlannedEdit, model: ChaosModel): string {
  const tag = (id: string) => model.product(id).tag;
  switch (edit.kind) {
    case 'rename':
      return `rename ${tag(edit.product)} → «${edit.name}»`;
    case 'receive':
      return `receive ${edit.count} × ${edit.price} ₽ of ${tag(edit.product)}`;
    case 'purchase':
      return `purchase ${edit.lines.map((l) => `${l.count} × ${l.price} ₽ of ${tag(l.product)}`).join(' + ')}`;
    case 'writeOff':
      return `write off ${edit.count} of ${tag(edit.product)}`;
    case 'markdown':
      return `mark down 1 of ${tag(edit.product)} to ${edit.markdownPrice} ₽`;
  }
}
