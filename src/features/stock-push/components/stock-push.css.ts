import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { num, small, table, td, th } from '../../../ui/table.css.ts';

/** The toolbar wraps on a tablet (768 px): no control pushes the page sideways. */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  marginBottom: vars.space.md,
  minWidth: 0,
});
/** The search and «Только изменения»: the field takes the room, the switch sits at its baseline. */
export const filterBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.md}`,
  alignItems: 'flex-end',
  marginBottom: vars.space.sm,
});
export const searchBox = style({ flex: '1 1 260px', minWidth: 0 });
/** A switch with its label: a whole 44 px touch target, label included. */
export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.touch,
  cursor: 'pointer',
});
/** The switch of the filter bar lines up with the search input, not its label. */
export const filterToggle = style([toggle, { marginBottom: vars.space.md }]);
export const toggleBox = style({ width: '24px', height: '24px', margin: 0 });
export const note = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.highlight,
  color: vars.color.text,
  margin: `0 0 ${vars.space.md}`,
});
export const errorNote = style([note, { color: vars.color.danger }]);
export const section = style({ marginBottom: vars.space.lg });
export const sectionTitle = style({ fontSize: '18px', margin: `0 0 ${vars.space.xs}` });
export const meta = style({ color: vars.color.muted, fontSize: vars.font.small, margin: `0 0 ${vars.space.sm}` });
export const up = style({ color: vars.color.success, fontWeight: 600 });
export const down = style({ color: vars.color.danger, fontWeight: 600 });
export const ok = style({ color: vars.color.success });
export const failed = style({ color: vars.color.danger });

/**
 * The preview's table always fits its box: fixed layout, the four figures in narrow columns and the
 * name taking the rest and wrapping — at 768 px «На маркетплейсе» and «Изменение» are on screen.
 */
export const previewTable = style({ tableLayout: 'fixed' });
export const figureColumn = style({ width: '6.75rem' });
export const nameCell = style({ whiteSpace: 'normal', overflowWrap: 'anywhere' });
/** The collapsed unchanged listings of a store: a plain, full-width control with their count. */
export const unchangedToggle = style({ margin: `0 0 ${vars.space.sm}` });

/** A refusal: the Russian explanation, then the marketplace's own words, smaller. */
export const refusal = style({ margin: `${vars.space.xs} 0 0` });
export const refusalText = style({ color: vars.color.danger, margin: 0, fontSize: vars.font.small });
export const foreign = style({
  color: vars.color.muted,
  margin: `2px 0 0`,
  fontSize: vars.font.small,
  overflowWrap: 'anywhere',
});
export const storeRefusal = style([note, { color: vars.color.text }]);

/** The refused items of a run: one block each, text wrapping, so nothing needs a sideways scroll. */
export const refusedList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const refusedItem = style({
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});
export const runDetail = style({ padding: `${vars.space.sm} 0` });
export const storeLine = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.small });

/** The log: the open run's row and its detail read as one block. */
export const openRow = style({ background: vars.color.highlight });
export const detailCell = style({ background: vars.color.bg, whiteSpace: 'normal' });
globalStyle(`${detailCell} > *`, { maxWidth: '100%' });
