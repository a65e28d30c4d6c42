import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * Below this width (a tablet, the menu beside the page) a wide table's rows become cards: the cells
 * wrap inside the row, each labelled by its `data-label`, so every column stays on screen without
 * scrolling sideways. Screens add their own cell rules under the same query.
 */
export const narrow = 'screen and (max-width: 1180px)';
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
