import { db } from '../../../db/database.ts';

/** The mirrored counts and count lines, typed for this feature's reads. */
export const countsTable = () => db.rows('counts');
export const countLinesTable = () => db.rows('count_lines');
