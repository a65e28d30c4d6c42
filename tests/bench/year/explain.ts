import pg from 'pg';

/**
 * The statements a request sends, caught at the driver (the server runs in this process over the same `pg`
 * module), then run again under EXPLAIN (ANALYZE, BUFFERS) with the same parameters: what the hot paths cost
 * in the database and which index each one walks.
 */
export interface Statement {
  text: string;
  values: unknown[];
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

/** Runs `fn` and returns every statement the server sent meanwhile (transaction control left out). */
export async function captureStatements(fn: () => Promise<void>): Promise<Statement[]> {
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  const caught: Statement[] = [];
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    // drizzle passes a config and the values beside it: client.query({ text, name }, values).
    const config = typeof first === 'string' ? { text: first } : (first as Partial<Statement>);
    const values = Array.isArray(second) ? second : Array.isArray(config?.values) ? config.values : [];
    if (config?.text && !/^\s*(begin|commit|rollback|savepoint|release|set |select set_config)/i.test(config.text))
      caught.push({ text: config.text, values });
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return caught;
}

export interface Plan {
  label: string;
  sql: string;
  /** The plan's own text, as psql prints it. */
  plan: string[];
  executionMs: number;
  planningMs: number;
  /** Index names the plan walks. */
  indexes: string[];
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement, writes inside a transaction that is rolled back so the seed
 * stays as it was. Each is run once before the measured run: the figure is its warm cost.
 */
export async function explainAll(url: string, statements: { label: string; statement: Statement }[]): Promise<Plan[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const plans: Plan[] = [];
  try {
    // Each run in a transaction of its own, rolled back: a write explained twice would collide with itself.
    const run = async (explain: string, values: unknown[]) => {
      await db.query('begin');
      try {
        return (await db.query(explain, values)).rows as Record<string, unknown>[];
      } finally {
        await db.query('rollback');
      }
    };
    for (const { label, statement } of statements) {
      const explain = `explain (analyze, buffers, format json) ${statement.text}`;
      await run(explain, statement.values);
      const json = (await run(explain, statement.values))[0]!['QUERY PLAN'] as [
        { 'Execution Time': number; 'Planning Time': number; Plan: unknown },
      ];
      const text = await run(`explain (analyze, buffers) ${statement.text}`, statement.values);
      plans.push({
        label,
        sql: statement.text.replace(/\s+/g, ' ').trim(),
        plan: text.map((r) => String(r['QUERY PLAN'])),
        executionMs: json[0]['Execution Time'],
        planningMs: json[0]['Planning Time'],
        indexes: [...new Set(indexNames(json[0].Plan))],
      });
    }
  } finally {
    await db.end();
  }
  return plans;
}

function indexNames(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const n = node as Record<string, unknown>;
  const own = typeof n['Index Name'] === 'string' ? [n['Index Name']] : [];
  const children = Array.isArray(n.Plans) ? n.Plans.flatMap(indexNames) : [];
  return [...own, ...children];
}

/** The plan's gist for the console: label, time, indexes, and the top rows of the plan. */
export function printPlan(p: Plan): void {
  console.log(
    `\n— ${p.label}: execution ${p.executionMs.toFixed(2)} ms, planning ${p.planningMs.toFixed(2)} ms, indexes: ${p.indexes.join(', ') || 'none'}`,
  );
  console.log(`  ${p.sql.slice(0, 300)}${p.sql.length > 300 ? ' …' : ''}`);
  for (const line of p.plan.slice(0, 40)) console.log(`  ${line}`);
  if (p.plan.length > 40) console.log(`  … ${p.plan.length - 40} more lines`);
}
