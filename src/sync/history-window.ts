import { db, type MirroredRow, type MirroredTableName, type OstatokDatabase } from '../db/database.ts';

/*
 * The device's history window (docs/sync-protocol.md «Окно истории»). A year of orders is ~100,000 sales and
 * ~400,000 ledger rows; the device keeps those of the last weeks only — what the home page's charts and the
 * everyday screens read — and asks the server for older ones on demand (./older-history.ts). Products, listings,
 * lots, reserves, markdowns and every document stay whole: stock figures come from them, never from the window.
 */

/**
 * Days of history kept: the home page charts 13 weeks from the first one's Monday (up to 13 × 7 days back), plus a
 * week so that Monday is always inside, whatever the day and time zone.
 */
export const HISTORY_DAYS = 13 * 7 + 7;

/** The windowed tables and the date (ISO, as the server writes it) each row is kept by. */
export const historyTables = {
  realizations: 'datetime',
  stock_movements: 'created_at',
} as const satisfies Partial<Record<MirroredTableName, string>>;
export type HistoryTable = keyof typeof historyTables;

export const isHistoryTable = (table: string): table is HistoryTable => Object.hasOwn(historyTables, table);

const DAY_MS = 86_400_000;

/**
 * The window's first instant: midnight UTC, HISTORY_DAYS back. It moves once a day, so a pull, the digest and the
 * pruning of one day agree on it.
 */
export function historyFrom(now: number = Date.now()): string {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS - HISTORY_DAYS * DAY_MS).toISOString();
}

/** Whether the device keeps this row: any row of a whole table; a history row dated inside the window. */
export function inWindow(table: MirroredTableName, row: MirroredRow, from: string): boolean {
  if (!isHistoryTable(table)) return true;
  const date = row[historyTables[table]];
  // A date the device cannot read is kept: only the server's ISO dates are compared.
  return typeof date !== 'string' || !(date < from);
}

/** Rows handled per transaction: pruning never holds the database long enough to be felt. */
const PRUNE_CHUNK = 1000;

/**
 * Drops history rows dated before the window, in short transactions, but never a row an outbox entry refers to —
 * waiting, on the wire, applied and awaiting its pull, or refused and kept to show why — nor a ledger row of such an
 * outflow (the stock projection replays those entries over the ledger: src/stock/projection.ts). Stock figures come
 * from lots, which are never pruned. Answers how many rows went.
 */
export async function pruneHistory(database: OstatokDatabase = db, from: string = historyFrom()): Promise<number> {
  let removed = 0;
  for (const table of Object.keys(historyTables) as HistoryTable[]) {
    const field = historyTables[table];
    const mirror = database.mirrored(table);
    // Held rows below the window stay where they are in the index: the next chunk starts after them.
    let skipped = 0;
    for (;;) {
      const [gone, held, more] = await database.transaction('rw', mirror, database.outbox, async () => {
        const referred = new Set<string>();
        await database.outbox.each((e) => referred.add(`${e.table}/${e.row_id}`));
        const rows = await mirror.where(field).below(from).offset(skipped).limit(PRUNE_CHUNK).toArray();
        const keep = (r: MirroredRow) =>
          referred.has(`${table}/${r.id}`) ||
          (table === 'stock_movements' && referred.has(`${String(r.source_table)}/${String(r.source_id)}`));
        const drop = rows.filter((r) => !keep(r)).map((r) => r.id);
        await mirror.bulkDelete(drop);
        return [drop.length, rows.length - drop.length, rows.length === PRUNE_CHUNK] as const;
      });
      removed += gone;
      skipped += held;
      if (!more) break;
      // Other work (a screen's read, a pull's page) gets its turn between chunks.
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    }
  }
  return removed;
}
