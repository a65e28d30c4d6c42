import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { small, td, totalsLine } from '../../../ui/table.css.ts';

export const product = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', minWidth: '180px' });
const control = style({
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const numberInput = style([control, { width: '100px', textAlign: 'right' }]);
export const textInput = style([control, { width: '150px' }]);
// Wide enough for its longest choice («Яндекс Маркет», «Не выбран») in full.
export const select = style([control, { width: '160px' }]);
