import { markets } from '../db/schema/index.ts';
import { marketToWire } from '../schemas/markets.ts';
import { defineMirroredTable, type MirroredTable } from './registry.ts';

/** Every table the sync pull serves. A feature that mirrors a table adds it here. */
export const mirroredTables: MirroredTable[] = [defineMirroredTable('markets', markets, marketToWire)];
