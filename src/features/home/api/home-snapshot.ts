import { DATA_GENERATION_KEY } from '../../../db/data-generation.ts';
import { db, type OstatokDatabase } from '../../../db/database.ts';

/*
 * The home page's results kept on the device with the data generation they were computed at
 * (src/db/data-generation.ts): while no table has changed since — in any tab, across reloads — the page paints
 * them at once instead of reading a year's lots and ledger again. Exact: any write changes the generation.
 */

/** Bumped when a kept result changes shape: one of another shape is computed again. */
const FORMAT = 1;

interface Snapshot<T> {
  format: number;
  generation: string | undefined;
  /** What the result depends on besides the tables (the day). */
  key: string;
  value: T;
}

/**
 * The kept result when it is of this generation and key; otherwise `compute`, given the generation read before
 * any of its reads, and kept. A result read partly after a later write is kept under the older generation, so it
 * is computed again next time — never answered for data it did not see.
 */
export async function keptOrComputed<T>(
  name: string,
  key: string,
  compute: (generation: string | undefined) => Promise<T>,
  database: OstatokDatabase = db,
): Promise<T> {
  const metaKey = `home_snapshot:${name}`;
  const [current, kept] = await database.meta.bulkGet([DATA_GENERATION_KEY, metaKey]);
  const generation = typeof current?.value === 'string' ? current.value : undefined;
  const snapshot = kept?.value as Snapshot<T> | undefined;
  if (snapshot?.format === FORMAT && snapshot.key === key && snapshot.generation === generation) return snapshot.value;
  const value = await compute(generation);
  const fresh: Snapshot<T> = { format: FORMAT, generation, key, value };
  await database.meta.put({ key: metaKey, value: fresh });
  return value;
}
