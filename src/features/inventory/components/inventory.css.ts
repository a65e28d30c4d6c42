import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { cellInput, num, small as articles, td } from '../../../ui/table.css.ts';

export const thumb = style({
  width: '48px',
  height: '48px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
  background: vars.color.bg,
});
export const returnMark = style({ color: vars.color.warning, marginLeft: vars.space.xs });
