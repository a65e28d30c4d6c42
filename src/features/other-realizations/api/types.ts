export const marketplaces = ['OZON', 'WB', 'YM', 'Other'] as const;
export type Marketplace = (typeof marketplaces)[number];

/** The rows as sync mirrors them (src/stock/types.ts names them once for every feature). */
export type { Batch, OtherRealization } from '../../../stock/types.ts';

/** The product drawer the route composes in (features/batches ProductDrawer has this shape). */
export type { ProductDrawerProps } from '../../../ui/document-editor.tsx';
