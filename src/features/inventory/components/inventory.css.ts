import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { num, table, tableWrap, th } from '../../../ui/table.css.ts';

export const filters = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', alignItems: 'flex-end' });
export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
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
