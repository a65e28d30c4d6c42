import { style } from '@vanilla-extract/css';
import { cellInput } from '../../../ui/table.css.ts';
import { vars } from '../../../ui/theme.css.ts';

export { cellInput as input, checkbox, num, td } from '../../../ui/table.css.ts';
/** A row of many columns: compact (two labelled lines, no sideways scroll) in a box below 1000 px. */
export { compactMany as compact } from '../../../ui/table.css.ts';

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
