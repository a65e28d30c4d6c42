import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roles, type Business } from './authorization-calls.ts';

/*
 * Everything a business of tests/server/authorization-matrix.test.ts holds, read straight from the database: the
 * matrix compares it before and after each call.
 */

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Table {
  name: string;
  columns: Set<string>;
}

async function ownedTables(app: FastifyInstance): Promise<Table[]> {
  const result = (await app.database.db.execute(
    sql.raw(
      "select table_name as t, string_agg(column_name, ',') as c from information_schema.columns where table_schema = 'public' group by 1 order by 1",
    ),
  )) as unknown as { rows: Array<{ t: string; c: string }> };
  return result.rows.map((r) => ({ name: r.t, columns: new Set(r.c.split(',')) }));
}

/** Which rows of a table belong to the business or its people. */
function ownership(table: Table, business: string, people: string[]): string | null {
  const list = people.map((p) => `'${p}'`).join(',');
  if (table.name === 'businesses') return `id = '${business}'`;
  if (table.name === 'users') return `id in (${list})`;
  if (table.columns.has('business_id')) return `business_id = '${business}'`;
  if (table.columns.has('user_id')) return `user_id in (${list})`;
  return null;
}

/**
 * Reads of everything a business holds: its fingerprint (every row, versions included: equal fingerprints mean a
 * call changed nothing of it) and the ids of its rows (none may ever reach another business).
 */
export async function businessReader(app: FastifyInstance, business: Business) {
  const people = [business.id, ...roles.map((r) => business.members[r].id), business.spare.id];
  if (![business.id, ...people].every((id) => uuidShape.test(id))) throw new Error('not a uuid');
  const owned = (await ownedTables(app)).flatMap((table) => {
    const where = ownership(table, business.id, people);
    return where ? [{ ...table, where }] : [];
  });
  const query = async <T>(text: string) =>
    ((await app.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const digests = owned
    .map(
      (t) =>
        `select '${t.name}' as t, count(*)::int as n, coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as d from "${t.name}" r where ${t.where}`,
    )
    .join(' union all ');
  const identified = owned
    .filter((t) => t.columns.has('id'))
    .map((t) => `select id::text as id from "${t.name}" where ${t.where}`)
    .join(' union all ');
  return {
    fingerprint: async () =>
      Object.fromEntries(
        (await query<{ t: string; n: number; d: string }>(digests)).map((r) => [r.t, `${r.n}:${r.d}`]),
      ),
    ids: async () => [
      ...new Set([
        ...people,
        ...(await query<{ id: string }>(identified)).map((r) => r.id).filter((id) => uuidShape.test(id)),
      ]),
    ],
  };
}
