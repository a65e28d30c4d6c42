import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { cellError, num, table, tableWrap, th } from '../../../ui/table.css.ts';

export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
export const clickable = style({ cursor: 'pointer', selectors: { '&:hover': { background: vars.color.bg } } });
/** New and modified lines, and lines flagged after a refused save (docs/screens.md «Адреса», /inventory/add). */
export const line = style({
  selectors: {
    '&[data-state="new"], &[data-state="modified"]': { background: vars.color.highlight },
    '&[data-flagged="true"]': { background: '#fdecea', boxShadow: `inset 4px 0 0 ${vars.color.danger}` },
  },
});
export const thumb = style({ width: '44px', height: '44px', objectFit: 'cover', borderRadius: vars.radius.sm, display: 'block', background: vars.color.bg });
export const thumbs = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center' });
export const more = style({ color: vars.color.muted, fontWeight: 600, marginLeft: vars.space.xs });
export const small = style({ display: 'block', color: vars.color.muted, fontSize: vars.font.small });
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
export const totalsLine = style({ fontWeight: 600, margin: `0 0 ${vars.space.md}` });
export const section = style({ margin: `${vars.space.lg} 0 ${vars.space.sm}`, fontSize: '18px' });
export const filters = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', alignItems: 'flex-end' });
export const chooser = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const linkButton = style({
  minHeight: vars.touch,
  border: 'none',
  background: 'transparent',
  padding: 0,
  color: vars.color.primary,
  cursor: 'pointer',
  textAlign: 'left',
});
