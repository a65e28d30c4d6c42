import type { components } from '../../api/schema.gen.ts';
import type { MirroredRows } from '../db/database.ts';

/** The stock rows as sync mirrors them (server/schemas/stock-rows.ts): one name each, whichever feature reads them. */
export type Batch = MirroredRows['batches'];
export type Lot = MirroredRows['lots'];
export type Disposal = MirroredRows['disposals'];
export type Markdown = MirroredRows['markdowns'];
export type OtherRealization = MirroredRows['other_realizations'];
export type Reserve = MirroredRows['reserves'];
export type Realization = MirroredRows['realizations'];
export type StockMovement = MirroredRows['stock_movements'];

type Schemas = components['schemas'];

/** What the stock screens read of a product and its marketplace listings: the name and a picture. */
export type ProductWh = Pick<Schemas['ProductWh'], 'id' | 'name' | 'images'>;
export type ProductMp = Pick<Schemas['ProductMp'], 'id' | 'offer_id' | 'primary_image'> & {
  product_wh_id: string | null;
};
