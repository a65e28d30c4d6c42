import type { components } from '../../../../api/schema.gen.ts';

/*
 * The rows as sync mirrors them (server/schemas/stock-rows.ts). Declared here until
 * api/schema.gen.ts carries them (npm run api:gen).
 */

export type ProductWh = Pick<components['schemas']['ProductWh'], 'id' | 'name' | 'images'>;
export type ProductMp = Pick<components['schemas']['ProductMp'], 'id' | 'offer_id' | 'primary_image'> & { product_wh_id: string | null };

export const marketplaces = ['OZON', 'WB', 'YM', 'Other'] as const;
export type Marketplace = (typeof marketplaces)[number];

type RowMeta = { version: number; updated_at: string };

export type Batch = RowMeta & {
  id: string;
  kind: 'purchase' | 'return' | 'other';
  /** A picked day, stored as its midnight UTC. */
  date: string;
  description: string;
  created_at: string;
};

export type OtherRealization = RowMeta & {
  id: string;
  product_id: string;
  batch_id: string | null;
  date: string;
  description: string;
  marketplace: Marketplace | null;
  count: number;
  /** Unit cost of what was taken, ₽ (the server computes it; the device estimates it until then). */
  price: number;
  realization_price: number;
  release: boolean;
};

/** The product drawer the route composes in (features/batches ProductDrawer has this shape). */
export interface ProductDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(productId: string): void;
}
