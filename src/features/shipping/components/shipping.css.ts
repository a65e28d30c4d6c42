import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { cardsFew as cards } from '../../../ui/cards.css.ts';

export { num, small, table, tableWrap, td, th, totalsLine } from '../../../ui/table.css.ts';

export const thumb = style({
  width: '48px',
  height: '48px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
  background: vars.color.bg,
});
/** Sufficiency: 0 and above is «enough» (green), below 0 is «not enough» (red) — docs/rules.md «Достаточность». */
export const enough = style({ color: vars.color.success, fontWeight: 600 });
export const short = style({ color: vars.color.danger, fontWeight: 600 });
export const warn = style({ display: 'block', color: vars.color.warning, fontSize: vars.font.small });
/** The toolbar wraps on a tablet (768 px): no control pushes the page sideways. */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  marginBottom: vars.space.md,
  minWidth: 0,
});
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const snapshot = style({ color: vars.color.muted, fontSize: vars.font.small, margin: `0 0 ${vars.space.sm}` });
export const offline = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.highlight,
  color: vars.color.text,
  margin: `0 0 ${vars.space.md}`,
});

// The shared card layout in a box narrower than 760 px (src/ui/cards.css.ts); this screen's own cell rules follow.
export { cards };
