import type { SeededRandom } from './seeded-random.ts';
import type { TeamProduct, Who } from './chaos-team-setup.ts';

export type TeamEditKind = 'name' | 'shelf' | 'receive' | 'purchase' | 'writeOff' | 'markdown';
export const teamEditKinds: readonly TeamEditKind[] = ['name', 'shelf', 'receive', 'purchase', 'writeOff', 'markdown'];
export type ProductField = 'name' | 'shelf';

/**
 * One edit to make through the UI. A write-off asks for a count, or for every unit the device shows free ('all':
 * what empties a product under the other member's feet); the form it meets decides the count taken.
 */
export type TeamEdit =
  | { kind: 'name' | 'shelf'; product: string; value: string }
  | { kind: 'receive'; product: string; count: number; price: number }
  | { kind: 'purchase'; lines: Array<{ product: string; count: number; price: number }> }
  | { kind: 'writeOff'; product: string; want: number | 'all'; count?: number; price: number }
  | { kind: 'markdown'; product: string; markdownPrice: number };

/** What one member's device did to one product, as the UI took it. */
export interface DeviceTally {
  lots: number;
  receivedUnits: number;
  writeOffs: number;
  writtenOffUnits: number;
  markdowns: number;
}

const WEIGHTS: Record<TeamEditKind, number> = {
  name: 0.1,
  shelf: 0.1,
  receive: 0.22,
  purchase: 0.06,
  writeOff: 0.26,
  markdown: 0.26,
};
const ALL_FREE_ODDS = 0.2;
const shortName: Record<Who, string> = { owner: 'владелец', warehouse: 'склад' };

/** The device's own stock check and the server's refusal say the same (domain/stock-rules.ts). */
export const shortfall = /Недостаточно товара на складе/;

const emptyTally = (): DeviceTally => ({ lots: 0, receivedUnits: 0, writeOffs: 0, writtenOffUnits: 0, markdowns: 0 });

/**
 * Both members' intents merged: per member and product what their device took (lots, write-offs, markdowns, each
 * counted once), and per product field every value written, in each member's order. Outflows are planned without
 * looking at stock: the device's form says what it believes is free, and the server may still refuse an outflow
 * the other member's device got in first; the checks take those refusals from the device's own list.
 */
export class TeamModel {
  readonly done: Record<Who, Record<TeamEditKind, number>> = {
    owner: { name: 0, shelf: 0, receive: 0, purchase: 0, writeOff: 0, markdown: 0 },
    warehouse: { name: 0, shelf: 0, receive: 0, purchase: 0, writeOff: 0, markdown: 0 },
  };
  private readonly tallies = new Map<string, DeviceTally>();
  private readonly writes = new Map<string, Array<{ who: Who; value: string }>>();
  private written = 0;

  constructor(readonly products: readonly TeamProduct[]) {}

  product(id: string): TeamProduct {
    const found = this.products.find((p) => p.id === id);
    if (!found) throw new Error(`model: no product ${id}`);
    return found;
  }

  editsBy(who: Who): number {
    return Object.values(this.done[who]).reduce((s, n) => s + n, 0);
  }

  get totalEdits(): number {
    return this.editsBy('owner') + this.editsBy('warehouse');
  }

  tally(who: Who, product: string): DeviceTally {
    const key = `${who}/${product}`;
    if (!this.tallies.has(key)) this.tallies.set(key, emptyTally());
    return this.tallies.get(key)!;
  }

  /** Every value written to the field, in the order each member's device took them. */
  writesOf(product: string, field: ProductField): ReadonlyArray<{ who: Who; value: string }> {
    return this.writes.get(`${product}/${field}`) ?? [];
  }

  /** The next edit of this member, drawn from the seed; both members draw from the same products. */
  plan(random: SeededRandom, who: Who): TeamEdit {
    const kind = random.weighted(WEIGHTS);
    const p = random.pick(this.products);
    const price = random.int(50, 900);
    switch (kind) {
      case 'name':
        return { kind, product: p.id, value: `${p.tag} ${shortName[who]} ${++this.written}` };
      case 'shelf':
        return { kind, product: p.id, value: `${who === 'owner' ? 'В' : 'С'}-${++this.written}` };
      case 'receive':
        return { kind, product: p.id, count: random.int(1, 6), price };
      case 'purchase': {
        const second = random.pick(this.products.filter((o) => o.id !== p.id));
        return {
          kind,
          lines: [p, second].map((o) => ({ product: o.id, count: random.int(1, 5), price: random.int(50, 900) })),
        };
      }
      case 'writeOff':
        return { kind, product: p.id, want: random.chance(ALL_FREE_ODDS) ? 'all' : random.int(1, 3), price };
      case 'markdown':
        return { kind, product: p.id, markdownPrice: random.int(10, 40) };
    }
  }

  /** Records an edit the member's UI took (a write-off with the count its form took). */
  apply(who: Who, edit: TeamEdit): void {
    this.done[who][edit.kind]++;
    switch (edit.kind) {
      case 'name':
      case 'shelf': {
        const key = `${edit.product}/${edit.kind}`;
        this.writes.set(key, [...(this.writes.get(key) ?? []), { who, value: edit.value }]);
        return;
      }
      case 'receive':
        return this.received(who, edit.product, edit.count);
      case 'purchase':
        for (const line of edit.lines) this.received(who, line.product, line.count);
        return;
      case 'writeOff': {
        if (edit.count === undefined) throw new Error('model: a write-off taken without its count');
        const t = this.tally(who, edit.product);
        t.writeOffs++;
        t.writtenOffUnits += edit.count;
        return;
      }
      case 'markdown':
        this.tally(who, edit.product).markdowns++;
        return;
    }
  }

  private received(who: Who, product: string, count: number) {
    const t = this.tally(who, product);
    t.lots++;
    t.receivedUnits += count;
  }
}

/** One line per edit for failure messages. */
export function describeTeamEdit(who: Who, edit: TeamEdit, model: TeamModel): string {
  const tag = (id: string) => model.product(id).tag;
  const what = (() => {
    switch (edit.kind) {
      case 'name':
      case 'shelf':
        return `${edit.kind} of ${tag(edit.product)} → «${edit.value}»`;
      case 'receive':
        return `receive ${edit.count} × ${edit.price} ₽ of ${tag(edit.product)}`;
      case 'purchase':
        return `purchase ${edit.lines.map((l) => `${l.count} × ${l.price} ₽ of ${tag(l.product)}`).join(' + ')}`;
      case 'writeOff':
        return `write off ${edit.count ?? edit.want} of ${tag(edit.product)}`;
      case 'markdown':
        return `mark down 1 of ${tag(edit.product)} to ${edit.markdownPrice} ₽`;
    }
  })();
  return `${who}: ${what}`;
}
