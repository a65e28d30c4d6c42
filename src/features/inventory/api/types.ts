import type { components } from '../../../../api/schema.gen.ts';

/*
 * The rows as sync mirrors them (server/schemas/stock-rows.ts). Declared here until
 * api/schema.gen.ts carries them (npm run api:gen).
 */

export type ProductWh = Pick<components['schemas']['ProductWh'], 'id' | 'name' | 'images'>;
export type ProductMp = Pick<components['schemas']['ProductMp'], 'id' | 'offer_id' | 'primary_image'> & { product_wh_id: string | null };

export interface Lot {
  id: string;
  product_id: string;
  batch_id: string | null;
  /** Remaining units. */
  count: number;
  /** Units received. */
  count_max: number;
  /** Unit cost, ₽. */
  price: number;
  /** Receipt date: FIFO order. */
  created_at: string;
  is_return: boolean;
  version?: number;
}

/** One line of /inventory: a lot with what the table shows of its product. */
export interface InventoryRow {
  id: string;
  product_id: string;
  created_at: string;
  /** The day it names (lib/format calendarDay), for the date filter. */
  day: string;
  name: string;
  image: string | null;
  articles: string[];
  count: number;
  count_max: number;
  price: number;
  is_return: boolean;
  /** Lower-cased name and articles, so a keystroke filters with one `includes` per row. */
  haystack: string;
}
