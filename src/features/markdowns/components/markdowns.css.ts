import { style } from '@vanilla-extract/css';
import { cellInput } from '../../../ui/table.css.ts';
import { vars } from '../../../ui/theme.css.ts';

export { cellInput as input, checkbox, num, td } from '../../../ui/table.css.ts';

export const thumb = style({
  width: '56px',
  height: '56px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
  background: vars.color.bg,
});
export const textInput = style([cellInput, { width: '200px', textAlign: 'left' }]);
export const total = style({ fontWeight: 600 });
