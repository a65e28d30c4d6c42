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
  table: PgTable & { id: AnyPgColumn; userId: AnyPgColumn; version: AnyPgColumn; deletedAt: AnyPgColumn };
  toWire(row: never, ctx: WireContext): Record<string, unknown>;
}

export const defineMirroredTable = <T extends MirroredTable['table']>(
  name: string,
  table: T,
  toWire: (row: T['$inferSelect'], ctx: WireContext) => Record<string, unknown>,
): MirroredTable => ({ name, table, toWire: toWire as MirroredTable['toWire'] });
