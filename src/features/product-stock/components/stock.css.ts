import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { num, table, tableWrap, th } from '../../../ui/table.css.ts';

export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const foot = style({ padding: vars.space.sm, fontWeight: 600 });
export const cellInput = style({
  width: '110px',
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  textAlign: 'right',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger }, '&:disabled': { background: vars.color.bg, color: vars.color.muted } },
});
export const textInput = style([cellInput, { width: '220px', textAlign: 'left' }]);
export const checkbox = style({ width: '28px', height: '28px', margin: '8px' });
export const muted = style({ color: vars.color.muted, fontSize: vars.font.small });
export const summary = style({ margin: `0 0 ${vars.space.md}`, fontWeight: 600 });
export const addForm = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-end', flexWrap: 'wrap', marginBottom: vars.space.md });
export const form = style({ maxWidth: '480px' });
export const plus = style({ color: vars.color.success });
export const minus = style({ color: vars.color.danger });
export const status = style({ fontSize: vars.font.small, fontWeight: 600, whiteSpace: 'nowrap' });
export const submitCell = style({ marginBottom: vars.space.md });
