import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { cellError, num, table, tableWrap, th } from '../../../ui/table.css.ts';

export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
/** New and changed lines, and lines flagged after a refused save. */
export const line = style({
  selectors: {
    '&[data-state="new"], &[data-state="modified"]': { background: vars.color.highlight },
    '&[data-flagged="true"]': { background: '#fdecea', boxShadow: `inset 4px 0 0 ${vars.color.danger}` },
  },
});
export const thumb = style({ width: '44px', height: '44px', objectFit: 'cover', borderRadius: vars.radius.sm, display: 'block', background: vars.color.bg });
export const product = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', minWidth: '180px' });
export const small = style({ display: 'block', color: vars.color.muted, fontSize: vars.font.small });
const control = style({
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const numberInput = style([control, { width: '100px', textAlign: 'right' }]);
export const textInput = style([control, { width: '180px' }]);
export const select = style([control, { width: '120px' }]);
export const totalsLine = style({ fontWeight: 600, margin: `0 0 ${vars.space.md}` });
/** The page beside an open drawer keeps its content visible on wide screens. */
export const besideDrawer = style({ '@media': { 'screen and (min-width: 1100px)': { paddingRight: '400px' } } });
