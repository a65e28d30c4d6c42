import type { components } from '../../../../api/schema.gen.ts';

type Schemas = components['schemas'];

export type ProductWh = Pick<Schemas['ProductWh'], 'id' | 'name' | 'images'>;
export type ProductMp = Pick<Schemas['ProductMp'], 'id' | 'offer_id' | 'primary_image'> & { product_wh_id: string | null };

/** The rows as sync mirrors them (server/schemas/stock-rows.ts). */
export type Batch = Schemas['Batch'];
export type BatchKind = Batch['kind'];
export type Lot = Schemas['Lot'];
export type Markdown = Schemas['Markdown'];
export type Disposal = Schemas['Disposal'];
export type OtherRealization = Schemas['OtherRealization'];
export type Marketplace = NonNullable<OtherRealization['marketplace']>;
export type StockMovement = Pick<Schemas['StockMovement'], 'id' | 'product_id' | 'lot_id' | 'delta' | 'source_table' | 'source_id'>;
