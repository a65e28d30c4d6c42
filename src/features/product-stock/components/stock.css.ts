import { globalStyle, style } from '@vanilla-extract/css';
import { cellInput as tableInput, td as tableCell } from '../../../ui/table.css.ts';
import { vars } from '../../../ui/theme.css.ts';

export { checkbox, num, table, tableWrap, th, totalsLine as summary } from '../../../ui/table.css.ts';

/** Top-aligned: a refused edit's message under a field makes its row taller. */
export const td = style([tableCell, { verticalAlign: 'top' }]);
/** A row's moment: one line, and as a link (to the row's form) a whole touch target tall, level with the fields. */
export const dateTd = style([td, { whiteSpace: 'nowrap' }]);
globalStyle(`${dateTd} a`, { display: 'inline-flex', alignItems: 'center', minHeight: vars.touch });
export const foot = style({ padding: vars.space.sm, fontWeight: 600 });
export const cellInput = style([
  tableInput,
  { selectors: { '&:disabled': { background: vars.color.bg, color: vars.color.muted } } },
]);
export const textInput = style([cellInput, { width: '220px', textAlign: 'left' }]);
export const muted = style({ color: vars.color.muted, fontSize: vars.font.small });
export const addForm = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
});
export const form = style({ maxWidth: '480px' });
export const plus = style({ color: vars.color.success });
export const minus = style({ color: vars.color.danger });
export const status = style({ fontSize: vars.font.small, fontWeight: 600, whiteSpace: 'nowrap' });
export const submitCell = style({ marginBottom: vars.space.md });
/** A row an order made: its posting link, store and note, one under another. */
export const orderCell = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/** Beside the history's note: the member filter and «Экспорт», bottom-aligned. */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

/**
 * Who made a row, under its date: wrapped within about the date's width (the date cell does not wrap), so a long
 * name never widens the row.
 */
export const author = style({
  display: 'block',
  maxWidth: '10em',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  color: vars.color.muted,
  fontSize: vars.font.small,
});
