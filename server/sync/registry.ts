import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SecretBox } from '../lib/secret-box.ts';

export interface WireContext {
  secrets: SecretBox;
}

/**
 * A table mirrored into the PWA's IndexedDB. Its rows carry an owner, a version and a
 * tombstone; `toWire` shapes a row exactly as the table's REST calls answer it, so the
 * client stores one shape whichever way the row arrived.
 */
export interface MirroredTable {
  name: string;
  table: PgTable & {
    id: AnyPgColumn;
    userId: AnyPgColumn;
    version: AnyPgColumn;
    updatedAt: AnyPgColumn;
    deletedAt: AnyPgColumn;
  };
  toWire(row: never, ctx: WireContext): Record<string, unknown>;
  /**
   * A history table (docs/sync-protocol.md «Окно истории»): its rows dated by this column before a device's
   * `history_from` are left out of that device's pull and digest, unless written since then.
   */
  historyDate?: AnyPgColumn;
}

export const defineMirroredTable = <T extends MirroredTable['table']>(
  name: string,
  table: T,
  toWire: (row: T['$inferSelect'], ctx: WireContext) => Record<string, unknown>,
  historyDate?: AnyPgColumn,
): MirroredTable => ({
  name,
  table,
  toWire: toWire as MirroredTable['toWire'],
  ...(historyDate ? { historyDate } : {}),
});
