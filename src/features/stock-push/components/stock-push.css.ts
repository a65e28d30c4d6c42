import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { cellError, num, small, table, td, th } from '../../../ui/table.css.ts';

/** The toolbar wraps on a tablet (768 px): no control pushes the page sideways. */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  marginBottom: vars.space.md,
  minWidth: 0,
});
/** The automatic-push switch: a whole 44 px touch target, label included. */
export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.touch,
  cursor: 'pointer',
});
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
/** Names wrap instead of widening the table past a tablet's width. */
export const nameCell = style({ minWidth: '180px', maxWidth: '360px', whiteSpace: 'normal' });
