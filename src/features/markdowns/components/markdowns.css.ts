import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { num, table, tableWrap, th } from '../../../ui/table.css.ts';

export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
export const thumb = style({ width: '56px', height: '56px', objectFit: 'cover', borderRadius: vars.radius.sm, display: 'block', background: vars.color.bg });
export const input = style({
  width: '110px',
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  textAlign: 'right',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const textInput = style([input, { width: '200px', textAlign: 'left' }]);
export const checkbox = style({ width: '28px', height: '28px', margin: '8px' });
export const total = style({ fontWeight: 600 });
