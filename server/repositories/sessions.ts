import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyRecords, refreshTokens, sessions } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import type { SessionEndReason } from '../lib/sessions.ts';

/** Sign-ins: one row per refresh family (server/lib/sessions.ts caches their state). */
export class SessionsRepository {
  constructor(private readonly root: Db) {}

  async create(id: string, userId: string): Promise<void> {
    await dbOf(this.root).insert(sessions).values({ id, userId });
  }

  /** True while the session exists and has not been revoked. */
  async isOpen(id: string): Promise<boolean> {
    const [row] = await dbOf(this.root)
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, id));
    return !!row && row.revokedAt === null;
  }

  /** Which of these sessions have been revoked (or no longer exist): one query for every open socket. */
  async endedAmong(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const open = await dbOf(this.root)
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)));
    const stillOpen = new Set(open.map((r) => r.id));
    return ids.filter((id) => !stillOpen.has(id));
  }

  /**
   * Ends the sign-in: the session, every refresh token of its family, and the sealed pairs kept for
   * a retried refresh of its tokens, which would otherwise still hold a live pair at rest. Repeating
   * it changes nothing. Answers the session's user, or undefined when there is no such session.
   */
  async revoke(id: string, reason: SessionEndReason | null = null): Promise<string | undefined> {
    return dbOf(this.root).transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(sessions)
        .set({ revokedAt: now, endReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, id), isNull(refreshTokens.revokedAt)));
      await tx
        .delete(idempotencyRecords)
        .where(
          sql`${idempotencyRecords.scope} in (select 'refresh:' || ${refreshTokens.tokenHash} from ${refreshTokens} where ${refreshTokens.familyId} = ${id})`,
        );
      const [row] = await tx.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, id));
      return row?.userId;
    });
  }

  /** Ends every open sign-in of a person (removed from a team, or given another role); answers their ids. */
  async revokeAllOf(userId: string, reason: SessionEndReason): Promise<string[]> {
    const open = await dbOf(this.root)
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    for (const { id } of open) await this.revoke(id, reason);
    return open.map((r) => r.id);
  }

  /** Why a sign-in was ended by someone else (null: by the person, or not ended). */
  async endReason(id: string): Promise<SessionEndReason | null> {
    const [row] = await dbOf(this.root)
      .select({ reason: sessions.endReason })
      .from(sessions)
      .where(eq(sessions.id, id));
    return (row?.reason as SessionEndReason | null | undefined) ?? null;
  }
}
