import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Names the member a write transaction acts for: the bump_mirrored_row_version trigger (migration 0012) records
 * them as the author of every mirrored row the transaction writes. Local to the transaction, so a pooled
 * connection never carries one member's name into another's work.
 */
export async function actAsMember(tx: Db, memberId: string): Promise<void> {
  await tx.execute(sql`select set_config('ostatok.member', ${memberId}, true)`);
}
