import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { num, small, table, tableWrap, td, th } from '../../../ui/table.css.ts';

export const toolbar = style({
  display: 'flex',
  gap: vars.space.md,
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  marginBottom: vars.space.md,
});
export const status = style({ fontWeight: 600 });
export const posted = style({ color: vars.color.success, fontWeight: 600 });
export const shortage = style({ color: vars.color.danger });
export const surplus = style({ color: vars.color.success });
export const notice = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.muted });
export const refused = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.danger, fontWeight: 600 });
export const scanLine = style({ minHeight: '1.5em', margin: `0 0 ${vars.space.md}` });
export const stepper = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center' });
// Big enough for a gloved thumb on a 768 px tablet.
export const stepButton = style({ minWidth: '52px', minHeight: '52px', fontSize: '22px', padding: 0 });
export const quantity = style({
  width: '72px',
  minHeight: '52px',
  textAlign: 'center',
  fontSize: '18px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
export const picker = style({
  maxHeight: '360px',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  padding: vars.space.sm,
  margin: `${vars.space.sm} 0 ${vars.space.md}`,
});
export const pickRow = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  minHeight: vars.touch,
});
export const checkbox = style({ width: '24px', height: '24px' });
export const scopeChoice = style({
  display: 'flex',
  gap: vars.space.lg,
  flexWrap: 'wrap',
  margin: `${vars.space.md} 0`,
});
export const summaryList = style({ margin: `${vars.space.sm} 0`, paddingLeft: vars.space.lg });
