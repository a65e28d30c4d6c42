import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * When the table's box (src/ui/scroll-area.tsx, a size container) is narrower than this — a tablet, or
 * a laptop with the product drawer open beside the list — a wide table's rows become cards: the cells
 * wrap inside the row, each labelled by its `data-label`, so every column stays on screen without
 * scrolling sideways. Screens add their own cell rules under the same `@container` query.
 */
export const narrow = '(max-width: 1099px)';
/** For a table of few columns (e.g. shipping): it fits a landscape tablet, so cards only in a box below 760 px. */
export const narrowFew = '(max-width: 759px)';

function cardRules(cards: string, query: string) {
  const at = (rule: Record<string, unknown>) => ({ '@container': { [query]: rule } });
  globalStyle(`${cards} thead`, at({ display: 'none' }));
  globalStyle(`${cards}, ${cards} tbody`, at({ display: 'block', width: '100%' }));
  globalStyle(
    `${cards} tr`,
    at({
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: vars.space.md,
      rowGap: vars.space.xs,
      padding: vars.space.sm,
      borderBottom: `1px solid ${vars.color.border}`,
    }),
  );
  globalStyle(`${cards} td`, at({ display: 'block', border: 'none', padding: 0, textAlign: 'left' }));
  globalStyle(
    `${cards} td[data-label]::before`,
    at({ content: 'attr(data-label) ": "', color: vars.color.muted, fontSize: vars.font.small, fontWeight: 400 }),
  );
  globalStyle(`${cards} td[data-cell="name"]`, at({ flex: '1 1 180px', minWidth: 0 }));
}

export const cards = style({});
cardRules(cards, narrow);
export const cardsFew = style({});
cardRules(cardsFew, narrowFew);
