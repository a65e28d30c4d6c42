import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { cellInput, checkbox, num, small, td } from '../../../ui/table.css.ts';

export const section = style({ marginBottom: vars.space.lg });
export const sectionTitle = style({ fontSize: '18px', margin: `0 0 ${vars.space.sm}` });
/** The toolbar and the name form wrap on a tablet (768 px): nothing pushes the page sideways. */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  marginBottom: vars.space.md,
});
export const nameField = style({ flex: '1 1 260px', minWidth: 0 });
/** A button on the line of a labelled field: level with the input, above the field's bottom margin. */
export const besideField = style({ marginBottom: vars.space.md });
export const note = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.highlight,
  color: vars.color.text,
  margin: `0 0 ${vars.space.md}`,
});
export const errorNote = style([note, { color: vars.color.danger }]);
/** A control of a table row: a whole 44 px touch target. */
export const rowSelect = style({
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.touch,
  cursor: 'pointer',
});
export const toggleBox = style({ width: '24px', height: '24px', margin: 0 });
export const rowActions = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });
/** The code of a new invitation: read aloud or typed from a phone, so large and spaced. */
export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '28px',
  letterSpacing: '0.08em',
  margin: `${vars.space.sm} 0`,
  userSelect: 'all',
});
export const linkBox = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });
export const linkInput = style({
  flex: '1 1 260px',
  minWidth: 0,
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg,
});
export const narrowCard = style({ maxWidth: '480px', margin: '0 auto' });
