import { formatAmount, formatRoubles } from '../lib/format.ts';

/*
 * Money a member may not see (issue 24): the server leaves cost prices and sums out of a warehouse member's
 * answers without the owner's leave, so such a row has no value where a price would be. Every price on screen
 * goes through here and reads «—» then — never NaN, never «0 ₽».
 */

export const HIDDEN_COST = '—';

const known = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** «1 234,50 ₽», or «—» when the value is missing (hidden) or not a number (a sum over a missing one). */
export const formatCost = (value: unknown): string => (known(value) ? formatRoubles(value) : HIDDEN_COST);

/** The same without «₽», for a column whose heading names the currency. */
export const formatCostAmount = (value: unknown): string => (known(value) ? formatAmount(value) : HIDDEN_COST);

/** Whether the row carries this money value (false when the server left it out). */
export const hasCost = known;
