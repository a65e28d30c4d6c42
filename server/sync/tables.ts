import {
  batches,
  countLines,
  counts,
  disposals,
  lots,
  markdowns,
  markets,
  orderLines,
  orders,
  otherRealizations,
  postingStatuses,
  productsMp,
  productsWh,
  realizations,
  reserves,
  returns,
  stockMovements,
} from '../db/schema/index.ts';
import { marketToWire } from '../schemas/markets.ts';
import { orderLineToWire, orderToWire } from '../schemas/orders.ts';
import { returnToWire } from '../schemas/returns.ts';
import { productMpToWire, productWhRowToWire } from '../schemas/products.ts';
import { postingStatusToWire } from '../schemas/postings.ts';
import {
  batchToWire,
  disposalToWire,
  lotToWire,
  markdownToWire,
  movementToWire,
  otherRealizationToWire,
  realizationToWire,
  reserveToWire,
} from '../schemas/stock-rows.ts';
import { countLineToWire, countToWire } from '../schemas/counts.ts';
import { defineMirroredTable, type MirroredTable } from './registry.ts';

/** Every table the sync pull serves. A feature that mirrors a table adds it here. */
export const mirroredTables: MirroredTable[] = [
  defineMirroredTable('markets', markets, marketToWire),
  // Pulled without its stock figures: they change with lots, reserves and markdowns, which do
  // not bump this row's version, so the client derives them from those mirrored tables.
  defineMirroredTable('products_wh', productsWh, productWhRowToWire),
  defineMirroredTable('products_mp', productsMp, productMpToWire),
  defineMirroredTable('posting_statuses', postingStatuses, postingStatusToWire),
  defineMirroredTable('batches', batches, batchToWire),
  defineMirroredTable('lots', lots, lotToWire),
  defineMirroredTable('disposals', disposals, disposalToWire),
  defineMirroredTable('markdowns', markdowns, markdownToWire),
  defineMirroredTable('other_realizations', otherRealizations, otherRealizationToWire),
  defineMirroredTable('reserves', reserves, reserveToWire),
  // History (docs/sync-protocol.md «Окно истории»): a device keeps the sales and the ledger of its window only. A
  // sale by its own date (the home page's weeks and the product's tab read it), the ledger by when it was written.
  defineMirroredTable('realizations', realizations, realizationToWire, realizations.datetime),
  defineMirroredTable('stock_movements', stockMovements, movementToWire, stockMovements.createdAt),
  defineMirroredTable('returns', returns, returnToWire),
  defineMirroredTable('orders', orders, orderToWire),
  defineMirroredTable('order_lines', orderLines, orderLineToWire),
  defineMirroredTable('counts', counts, countToWire),
  defineMirroredTable('count_lines', countLines, countLineToWire),
];

/** Their names, as pull and digest take and answer them. */
export const mirroredTableNames = mirroredTables.map((t) => t.name) as [string, ...string[]];
