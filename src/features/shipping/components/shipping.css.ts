import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { num, small, table, tableWrap, td, th, totalsLine } from '../../../ui/table.css.ts';

export const thumb = style({ width: '48px', height: '48px', objectFit: 'cover', borderRadius: vars.radius.sm, display: 'block', background: vars.color.bg });
/** Sufficiency: 0 and above is «enough» (green), below 0 is «not enough» (red) — docs/rules.md «Достаточность». */
export const enough = style({ color: vars.color.success, fontWeight: 600 });
export const short = style({ color: vars.color.danger, fontWeight: 600 });
export const warn = style({ display: 'block', color: vars.color.warning, fontSize: vars.font.small });
/** The toolbar wraps on a tablet (768 px): no control pushes the page sideways. */
export const bar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end', marginBottom: vars.space.md, minWidth: 0 });
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const snapshot = style({ color: vars.color.muted, fontSize: vars.font.small, margin: `0 0 ${vars.space.sm}` });
export const offline = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.highlight,
  color: vars.color.text,
  margin: `0 0 ${vars.space.md}`,
});

/**
 * Below this width (a tablet, the menu beside the page) the rows become cards: the cells wrap inside
 * the row, each figure labelled, so every column stays on screen without scrolling sideways.
 */
const narrow = 'screen and (max-width: 1180px)';
export const cards = style({});
globalStyle(`${cards} thead`, { '@media': { [narrow]: { display: 'none' } } });
globalStyle(`${cards}, ${cards} tbody`, { '@media': { [narrow]: { display: 'block', width: '100%' } } });
globalStyle(`${cards} tr`, {
  '@media': {
    [narrow]: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: vars.space.md,
      rowGap: vars.space.xs,
      padding: vars.space.sm,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${cards} td`, { '@media': { [narrow]: { display: 'block', border: 'none', padding: 0, textAlign: 'left' } } });
globalStyle(`${cards} td[data-label]::before`, {
  '@media': { [narrow]: { content: 'attr(data-label) ": "', color: vars.color.muted, fontSize: vars.font.small, fontWeight: 400 } },
});
globalStyle(`${cards} td[data-cell="name"]`, { '@media': { [narrow]: { flex: '1 1 180px', minWidth: 0 } } });
