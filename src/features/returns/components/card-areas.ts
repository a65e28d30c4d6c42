/** The cells of a return's row, in table order: each is a named area of the card grid (./returns.css.ts). */
export const returnCardAreas = [
  'number',
  'date',
  'shipment',
  'thumb',
  'name',
  'article',
  'description',
  'count',
  'status',
  'price',
  'author',
  'actions',
] as const;
