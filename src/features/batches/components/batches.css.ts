import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { cellError, cellInput, line, num, small, table, tableWrap, td, th, totalsLine } from '../../../ui/table.css.ts';
export { filters } from '../../../ui/page.css.ts';

export const clickable = style({ cursor: 'pointer', selectors: { '&:hover': { background: vars.color.bg } } });
export const thumb = style({
  width: '44px',
  height: '44px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
  background: vars.color.bg,
});
export const thumbs = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center' });
export const more = style({ color: vars.color.muted, fontWeight: 600, marginLeft: vars.space.xs });
export const section = style({ margin: `${vars.space.lg} 0 ${vars.space.sm}`, fontSize: '18px' });
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
/** The file picker behind «Загрузить из файла»: the button opens it. */
export const fileInput = style({ display: 'none' });
export const fileSection = style({ marginTop: vars.space.md });
