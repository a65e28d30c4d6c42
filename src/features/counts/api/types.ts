import type { MirroredRows } from '../../../db/database.ts';

/*
 * A stock count (инвентаризация) and the lines people count into it, as the server answers and sync mirrors them
 * (the contract's Count, CountLine and CountResult).
 */
export type Count = MirroredRows['counts'];
export type CountLine = MirroredRows['count_lines'];

/**
 * One product's outcome: expected = stock before, counted = Σ lines, difference = counted − expected, cost in ₽ —
 * absent for a warehouse member without cost leave (the server leaves it out).
 */
export type CountResult = Omit<Count['results'][number], 'cost'> & { cost?: number };
