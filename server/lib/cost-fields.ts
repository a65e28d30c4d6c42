/**
 * The money fields of the API: purchase, sale and markdown prices, and every sum built from them. A warehouse
 * member without the owner's leave to see costs gets every answer with these taken out (their app shows «—»).
 * One list for REST answers, pulled rows and pages alike: a new money field is hidden by adding its name here,
 * and tests/server/cost-visibility.test.ts checks that no answer of such a member carries a money field.
 */
export const costFields: ReadonlySet<string> = new Set([
  'price',
  'entered_price',
  'markdown_price',
  'realization_price',
  'unit_cost',
  'stock_value',
  'total_price',
  'total_sum',
  'delivery_price',
  // A stock count's difference in money (CountResult).
  'cost',
]);

/** The value with every cost field removed, at any depth. */
export function withoutCosts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCosts);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!costFields.has(key)) out[key] = withoutCosts(item);
  return out;
}
