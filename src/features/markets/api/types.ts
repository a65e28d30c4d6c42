/** A store as the device mirrors it. */
export type { Market } from '../../../db/database.ts';
