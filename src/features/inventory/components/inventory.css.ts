import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const filters = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', alignItems: 'flex-end' });
export const tableWrap = style({ overflowX: 'auto', background: vars.color.surface, borderRadius: vars.radius.md, marginBottom: vars.space.md });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });
export const th = style({
  textAlign: 'left',
  padding: vars.space.sm,
  fontSize: vars.font.small,
  color: vars.color.muted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
export const num = style({ textAlign: 'right', whiteSpace: 'nowrap' });
export const thumb = style({ width: '48px', height: '48px', objectFit: 'cover', borderRadius: vars.radius.sm, display: 'block', background: vars.color.bg });
export const articles = style({ display: 'block', color: vars.color.muted, fontSize: vars.font.small });
export const returnMark = style({ color: vars.color.warning, marginLeft: vars.space.xs });
export const cellInput = style({
  width: '110px',
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  textAlign: 'right',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const cellError = style({ display: 'block', color: vars.color.danger, fontSize: vars.font.small, maxWidth: '240px', whiteSpace: 'normal' });
