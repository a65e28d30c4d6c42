import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyRecords } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';

export interface IdempotencyRecord {
  requestHash: string;
  status: number;
  body: unknown;
}

export class IdempotencyRepository {
  constructor(private readonly root: Db) {}

  async find(scope: string, key: string): Promise<IdempotencyRecord | undefined> {
    const [row] = await dbOf(this.root)
      .select({
        requestHash: idempotencyRecords.requestHash,
        status: idempotencyRecords.status,
        body: idempotencyRecords.body,
      })
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
    return row;
  }

  /** Which of `keys` already have a stored answer: one query for a whole push. */
  async existing(scope: string, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await dbOf(this.root)
      .select({ key: idempotencyRecords.key })
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, scope), inArray(idempotencyRecords.key, keys)));
    return new Set(rows.map((r) => r.key));
  }

  async save(record: IdempotencyRecord & { scope: string; key: string; userId: string | null }): Promise<void> {
    await dbOf(this.root).insert(idempotencyRecords).values(record);
  }

  /** Keys are kept long enough for any client retry; older ones are dropped. */
  async purgeOlderThan(date: Date): Promise<void> {
    await dbOf(this.root).delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, date));
  }
}
