import { getMeta, setMeta } from '../../../db/meta.ts';
import { authoredHere } from '../../../sync/authorship.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueCreate, queueUpdate } from '../../../sync/outbox.ts';
import { serial } from '../../../stock/serial.ts';
import { countLinesTable, countsTable } from './count-tables.ts';
import { isPosting } from './post-count.ts';
import type { CountLine } from './types.ts';

/*
 * Each person counts into lines of their own: one per (count, product, shelf) and device. Two people — or one
 * person on two tablets — never write the same line, so an absolute quantity on a line never overwrites somebody
 * else's counting, and the count is the sum of all lines. The device remembers which lines it made (meta, cleared
 * with the rest of the device's data on sign-out).
 */
const MINE_KEY = 'count_lines_mine';

async function mine(): Promise<Set<string>> {
  return new Set((await getMeta<string[]>(MINE_KEY)) ?? []);
}

/** This device's line of the product on the shelf, if it made one. */
export async function myLine(countId: string, productId: string, shelf: string): Promise<CountLine | undefined> {
  const ids = await mine();
  const lines = await countLinesTable().where('[count_id+product_id]').equals([countId, productId]).toArray();
  return lines.find((l) => ids.has(l.id) && l.shelf === shelf);
}

/** The ids of the lines this device made (the document shows «my» quantities from them). */
export const myLineIds = mine;

export type CountChange = { add: number } | { set: number };
export type ChangeOutcome = 'ok' | 'posted' | 'scope' | 'missing' | 'invalid';

/** Why a change was refused, in words for the person. */
export const refusalText: Record<Exclude<ChangeOutcome, 'ok'>, string> = {
  posted: 'Инвентаризация проведена: её нельзя изменить',
  scope: 'Товар не входит в эту инвентаризацию',
  missing: 'Инвентаризации нет на устройстве',
  invalid: 'Количество — целое число не меньше 0',
};

/**
 * Adds to (a scan, +1/−1) or sets (a typed number) this device's count of the product on the shelf: creates the
 * line or PATCHes its quantity, queued at once — nothing waits, so nothing counted can be lost. Runs one change
 * at a time, so two quick scans never make two lines.
 */
export function changeMyCount(
  countId: string,
  productId: string,
  shelf: string,
  change: CountChange,
): Promise<ChangeOutcome> {
  return serial(async () => {
    const count = await countsTable().get(countId);
    if (!count) return 'missing';
    if (count.status === 'posted' || (await isPosting(countId))) return 'posted';
    if (count.scope === 'selection' && !count.product_ids.includes(productId)) return 'scope';
    const line = await myLine(countId, productId, shelf);
    const from = line?.quantity ?? 0;
    const quantity = 'add' in change ? Math.max(0, from + change.add) : change.set;
    if (!Number.isInteger(quantity) || quantity < 0) return 'invalid';
    if (line) {
      if (quantity === line.quantity) return 'ok';
      await queueUpdate(
        'count_lines',
        line.id,
        { quantity, updated_at: new Date().toISOString() },
        apiCall('PATCH', '/count_lines/{id}/', { params: { id: line.id }, body: { quantity } }),
      );
      return 'ok';
    }
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const body = { id, count_id: countId, product_id: productId, quantity, shelf };
    const row: CountLine = {
      ...body,
      user_id: count.user_id,
      created_at: now,
      updated_at: now,
      version: 0,
      ...authoredHere(),
    };
    // Marked as this device's first, so the screen never shows the new line as somebody else's.
    await setMeta(MINE_KEY, [...(await mine()), id]);
    await queueCreate('count_lines', { ...row }, apiCall('POST', '/count_lines/', { body }));
    return 'ok';
  });
}
