import type { components } from '../../../../api/schema.gen.ts';

/** The stock rows as the server answers and sync mirrors them (server/schemas/stock-rows.ts). */
type Schemas = components['schemas'];
type RowMeta = Pick<Schemas['Lot'], 'version' | 'updated_at'>;

export type Lot = Schemas['Lot'];
export type Disposal = Schemas['Disposal'];
export type Markdown = Schemas['Markdown'];
export type OtherRealization = Schemas['OtherRealization'];
export type Reserve = Schemas['Reserve'];
export type ReserveStatus = Reserve['status'];
export type Realization = Schemas['Realization'];
export type RealizationStatus = Realization['status'];
export type StockMovement = Schemas['StockMovement'];
export type MovementReason = StockMovement['reason'];

export const otherMarketplaces = ['OZON', 'WB', 'YM', 'Other'] as const;

/** A new row's version and timestamp until the server's answer replaces it. */
export const freshMeta = (): RowMeta => ({ version: 0, updated_at: new Date().toISOString() });
