import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { narrow } from '../../../ui/cards.css.ts';
import { cellInput as baseCellInput } from '../../../ui/table.css.ts';
import { returnCardAreas } from './card-areas.ts';

export { num, table, tableWrap, td, th } from '../../../ui/table.css.ts';
/** A row flagged after a refused receipt (docs/rules.md «Возвраты»), and a processed one. */
export const line = style({
  selectors: {
    '&[data-flagged="true"]': { background: '#fdecea', boxShadow: `inset 4px 0 0 ${vars.color.danger}` },
    '&[data-processed="true"]': { color: vars.color.muted },
  },
});
export const thumb = style({
  width: '48px',
  height: '48px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
  background: vars.color.bg,
});
export const small = style({ display: 'block', color: vars.color.muted, fontSize: vars.font.small });
export const warn = style({ display: 'block', color: vars.color.warning, fontSize: vars.font.small });
/** The shared cell field, narrower: a returns row holds two prices beside the status. */
export const cellInput = style([baseCellInput, { width: '96px', maxWidth: '100%' }]);
/** Wide enough for its longest choice («Готов к продаже»): never cut. */
export const select = style({
  minHeight: vars.touch,
  width: '100%',
  minWidth: '11em',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
/** A labelled field of a row: its label above it. */
export const field = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
/** A field's label on a card; in the wide table the column's heading says it. */
export const cardLabel = style({
  display: 'none',
  color: vars.color.muted,
  fontSize: vars.font.small,
  '@container': { [narrow]: { display: 'block' } },
});
export const priceFields = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  justifyContent: 'flex-end',
  alignItems: 'center',
});
/** The toolbar wraps on a tablet (768 px): no control pushes the page sideways. */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  marginBottom: vars.space.md,
  minWidth: 0,
});
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  justifyContent: 'flex-end',
  padding: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  marginTop: vars.space.md,
});
export const lotList = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  maxHeight: '240px',
  overflowY: 'auto',
});
export const product = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  marginBottom: vars.space.md,
});
export const bigThumb = style({
  width: '96px',
  height: '96px',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.bg,
});
export const lotButtons = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: vars.space.sm,
});
/** A lot: its price, then its date and units left on lines of their own (a tablet shows no tooltip). */
export const lotButton = style({
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  textAlign: 'left',
});
export const lotPrice = style({ fontWeight: 600 });
export const lotLine = style({ fontSize: vars.font.small, fontWeight: 400 });
/** «← К возвратам» above the heading (a secondary button, as the app's other back links). */
export const backLink = style({ marginBottom: vars.space.md });

/**
 * The card layout in a box narrower than 1100 px (the width src/ui/cards.css.ts switches at): each row a grid of
 * named areas, so every card puts every field in the same place whatever it holds —
 *   picture | name                      | count
 *   picture | date | shipment     | who
 *   №       | article      | description
 *   status         | price(s)
 *                   receive at a lot price, delete or restore (at the right)
 * and in a box from 900 px the status, price(s) and actions on one line.
 */
export const cards = style({});
const card = (rule: Record<string, unknown>) => ({ '@container': { [narrow]: rule } });
globalStyle(`${cards} thead`, card({ display: 'none' }));
globalStyle(`${cards}, ${cards} tbody`, card({ display: 'block', width: '100%' }));
globalStyle(
  `${cards} tr`,
  card({
    display: 'grid',
    gridTemplateColumns: '48px repeat(4, minmax(0, 1fr))',
    gridTemplateAreas: [
      '"thumb name name name count"',
      '"thumb date shipment shipment author"',
      '"number article article description description"',
      '"status status price price price"',
      '"actions actions actions actions actions"',
    ].join(' '),
    alignItems: 'start',
    columnGap: vars.space.sm,
    rowGap: vars.space.xs,
    padding: vars.space.sm,
    borderBottom: `1px solid ${vars.color.border}`,
  }),
);
// A wide card (a laptop, a landscape tablet without the drawer): the status, prices and actions share one line.
const wideCards = '(min-width: 900px) and (max-width: 1099px)';
globalStyle(`${cards} tr`, {
  '@container': {
    [wideCards]: {
      gridTemplateColumns: '48px repeat(6, minmax(0, 1fr))',
      gridTemplateAreas: [
        '"thumb name name name name name count"',
        '"thumb date date shipment shipment author author"',
        '"number article article article description description description"',
        '"status status price price actions actions actions"',
      ].join(' '),
    },
  },
});
globalStyle(`${cards} td[data-cell="actions"]`, { '@container': { [wideCards]: { alignSelf: 'end' } } });
globalStyle(`${cards} td`, card({ display: 'block', border: 'none', padding: 0, textAlign: 'left', minWidth: 0 }));
globalStyle(
  `${cards} td[data-label]::before`,
  card({ content: 'attr(data-label) ": "', color: vars.color.muted, fontSize: vars.font.small, fontWeight: 400 }),
);
for (const area of returnCardAreas) globalStyle(`${cards} td[data-cell="${area}"]`, card({ gridArea: area }));
globalStyle(`${cards} td[data-cell="name"]`, card({ fontWeight: 600, overflowWrap: 'anywhere' }));
globalStyle(
  `${cards} td[data-cell="description"], ${cards} td[data-cell="author"]`,
  card({ overflowWrap: 'anywhere' }),
);
globalStyle(
  `${cards} td[data-cell="number"]`,
  card({ fontWeight: 600, fontSize: vars.font.small, whiteSpace: 'nowrap', overflow: 'visible' }),
);
globalStyle(`${cards} td[data-cell="number"]::before`, card({ content: '"№ "', color: vars.color.muted }));
globalStyle(`${cards} td[data-cell="count"]`, card({ textAlign: 'right' }));
globalStyle(`${cards} td[data-cell="status"], ${cards} td[data-cell="price"]`, card({ paddingTop: vars.space.xs }));
globalStyle(`${cards} td[data-cell="actions"]`, card({ paddingTop: vars.space.xs }));
globalStyle(`${cards} td[data-cell="price"] input`, card({ width: '100%' }));
globalStyle(`${cards} td[data-cell="price"] ${field}`, card({ flex: '0 1 140px' }));
