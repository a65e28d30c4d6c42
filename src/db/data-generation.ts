import type { DBCore, DBCoreTable, Middleware } from 'dexie';
import type { MetaRow, OstatokDatabase } from './database.ts';

/*
 * A token that changes with every write to the device's data: every readwrite transaction that touches a table other
 * than `meta` also writes a fresh token to meta, in the same transaction, so it is committed — or rolled back — with
 * the write itself, in this tab or any other. A result computed from the tables and stamped with the token read
 * before the computation (the home page's, src/features/home/api/home-snapshot.ts) is exact while the token is the
 * same, across reloads. The same way dexie-cloud tracks mutations: the transaction's scope widened by one store.
 */

export const DATA_GENERATION_KEY = 'data_generation';
const META = 'meta';

const tracked = (table: string) => table !== META;

export const dataGenerationMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'data-generation',
  create: (down) => ({
    ...down,
    transaction: (stores, mode, options) =>
      down.transaction(
        mode === 'readwrite' && stores.some(tracked) && !stores.includes(META) ? [...stores, META] : stores,
        mode,
        options,
      ),
    table: (name): DBCoreTable => {
      const table = down.table(name);
      if (!tracked(name)) return table;
      const meta = down.table(META);
      return {
        ...table,
        mutate: (req) => {
          // A write of nothing (a prune that found nothing to drop, an empty page) changes nothing.
          if ((req.type === 'delete' ? req.keys : req.type === 'deleteRange' ? [req.range] : req.values).length === 0)
            return table.mutate(req);
          // Both requests are placed at once, with no await between: a native await may let IndexedDB commit the
          // transaction before the second is placed (PrematureCommitError).
          const row: MetaRow = { key: DATA_GENERATION_KEY, value: crypto.randomUUID() };
          const stamped = meta.mutate({ type: 'put', trans: req.trans, values: [row], keys: [row.key] });
          return table.mutate(req).then((res) => stamped.then(() => res));
        },
      };
    },
  }),
};

/** The token now; undefined on a device nothing was written to yet. */
export async function dataGeneration(database: OstatokDatabase): Promise<string | undefined> {
  const row = await database.meta.get(DATA_GENERATION_KEY);
  return typeof row?.value === 'string' ? row.value : undefined;
}
