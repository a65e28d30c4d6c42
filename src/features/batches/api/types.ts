/** The rows the batch screens read (src/stock/types.ts names them once for every feature). */
export type { Batch, Disposal, Lot, Markdown, OtherRealization, ProductMp, ProductWh } from '../../../stock/types.ts';
