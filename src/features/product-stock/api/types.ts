import type { Lot, Realization, Reserve, StockMovement } from '../../../stock/types.ts';
import { authoredHere } from '../../../sync/authorship.ts';

/**
 * The stock rows as the server answers and sync mirrors them (src/stock/types.ts names them once for every feature).
 */
export type {
  Disposal,
  Lot,
  Markdown,
  OtherRealization,
  Realization,
  Reserve,
  StockMovement,
} from '../../../stock/types.ts';
export type ReserveStatus = Reserve['status'];
export type RealizationStatus = Realization['status'];
export type MovementReason = StockMovement['reason'];

type RowMeta = Pick<Lot, 'version' | 'updated_at' | 'created_by' | 'updated_by'>;

/** A new row's version and timestamp until the server's answer replaces it. */
export const freshMeta = (): RowMeta => ({ version: 0, updated_at: new Date().toISOString(), ...authoredHere() });
