import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema/index.ts';
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

  async revokeFamily(familyId: string): Promise<void> {
    await dbOf(this.root)
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }
}
