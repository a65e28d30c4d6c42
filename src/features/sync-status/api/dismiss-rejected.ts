import { db } from '../../../db/database.ts';

/** The user has read why an edit was refused: forget it. */
export async function dismissRejected(seq: number): Promise<void> {
  await db.outbox.delete(seq);
}
