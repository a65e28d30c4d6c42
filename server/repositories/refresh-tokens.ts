import { and, eq, gte, isNull, like, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyRecords, refreshTokens } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export class RefreshTokensRepository {
  constructor(private readonly root: Db) {}

  async insert(values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await dbOf(this.root).insert(refreshTokens).values(values);
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await dbOf(this.root).select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * The token, its row locked until the request transaction ends: refreshes of one token run one
   * after another, so a retry sees what its twin did (on PGlite transactions run one at a time anyway).
   */
  async lockByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    return row;
  }

  /** Marks the token used; false when another request used it first (a reuse). */
  async markUsed(id: string): Promise<boolean> {
    const rows = await dbOf(this.root)
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  /**
   * Sealed pairs kept for a retried refresh (idempotency records of scope 'refresh:<token hash>')
   * whose retry window has closed. `since` bounds the scan to the recent rows the frequent sweep
   * finds through the creation index; the hourly sweep leaves it out to catch any older ones.
   */
  async purgeSealedPairs(before: Date, since?: Date): Promise<number> {
    const rows = await dbOf(this.root)
      .delete(idempotencyRecords)
      .where(
        and(
          like(idempotencyRecords.scope, 'refresh:%'),
          lt(idempotencyRecords.createdAt, before),
          since ? gte(idempotencyRecords.createdAt, since) : undefined,
        ),
      )
      .returning({ scope: idempotencyRecords.scope });
    return rows.length;
  }

  /** The sealed pair kept for a retried refresh of this token, if any. */
  async deleteSealedPair(tokenHash: string): Promise<void> {
    await dbOf(this.root)
      .delete(idempotencyRecords)
      .where(eq(idempotencyRecords.scope, `refresh:${tokenHash}`));
  }

  /**
   * The sealed pairs of a family's earlier rotations: once the pair a rotation handed out is itself
   * used, a retry of that rotation is a reuse, so its copy has nothing left to answer.
   */
  async deleteEarlierSealedPairs(familyId: string, exceptTokenId: string): Promise<void> {
    await dbOf(this.root)
      .delete(idempotencyRecords)
      .where(
        sql`${idempotencyRecords.scope} in (select 'refresh:' || ${refreshTokens.tokenHash} from ${refreshTokens} where ${and(eq(refreshTokens.familyId, familyId), ne(refreshTokens.id, exceptTokenId))})`,
      );
  }
}
