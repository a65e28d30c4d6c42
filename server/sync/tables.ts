import { markets, productsMp, productsWh } from '../db/schema/index.ts';
import { marketToWire } from '../schemas/markets.ts';
import { productMpToWire, productWhRowToWire } from '../schemas/products.ts';
import { defineMirroredTable, type MirroredTable } from './registry.ts';

/** Every table the sync pull serves. A feature that mirrors a table adds it here. */
export const mirroredTables: MirroredTable[] = [
  defineMirroredTable('markets', markets, marketToWire),
  // Pulled without its stock figures: they change with lots, reserves and markdowns, which do
  // not bump this row's version, so the client derives them from those mirrored tables.
  defineMirroredTable('products_wh', productsWh, productWhRowToWire),
  defineMirroredTable('products_mp', productsMp, productMpToWire),
];
