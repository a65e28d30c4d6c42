import type { components } from '../../../../api/schema.gen.ts';

type Schemas = components['schemas'];

export type { ProductMp, ProductWh } from '../../../stock/types.ts';

/** A lot as sync mirrors it (server/schemas/stock-rows.ts), with what this screen reads. */
export type Lot = Pick<Schemas['Lot'], 'id' | 'product_id' | 'count' | 'count_max' | 'price' | 'created_at'> &
  Partial<Pick<Schemas['Lot'], 'batch_id' | 'is_return' | 'version' | 'created_by'>>;

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
  /** Absent for a member without leave to see costs (the server leaves it out). */
  price?: number;
  is_return: boolean;
  /** The member who received it; null for the server's own or before teams. */
  created_by: string | null;
  /** Lower-cased name and articles, so a keystroke filters with one `includes` per row. */
  haystack: string;
}
