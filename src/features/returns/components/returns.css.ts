import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { cards, narrow } from '../../../ui/cards.css.ts';

import { cellInput as baseCellInput } from '../../../ui/table.css.ts';

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
export const cellInput = style([baseCellInput, { width: '96px' }]);
export const select = style({
  minHeight: vars.touch,
  maxWidth: '170px',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
export const prices = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
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
  maxHeight: '200px',
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
export const lotButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

// The shared card layout in a box narrower than 1100 px (src/ui/cards.css.ts); this screen's own cell rules follow.
export { cards };
globalStyle(`${cards} td[data-cell="number"]`, { '@container': { [narrow]: { fontWeight: 600 } } });
