import type { components } from '../../../../api/schema.gen.ts';

type Schemas = components['schemas'];

export type ProductWh = Pick<Schemas['ProductWh'], 'id' | 'name' | 'images'>;
export type ProductMp = Pick<Schemas['ProductMp'], 'id' | 'offer_id' | 'primary_image'> & { product_wh_id: string | null };

export const marketplaces = ['OZON', 'WB', 'YM', 'Other'] as const;
export type Marketplace = (typeof marketplaces)[number];

/** The rows as sync mirrors them (server/schemas/stock-rows.ts). */
export type Batch = Schemas['Batch'];
export type OtherRealization = Schemas['OtherRealization'];

/** The product drawer the route composes in (features/batches ProductDrawer has this shape). */
export interface ProductDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(productId: string): void;
}
