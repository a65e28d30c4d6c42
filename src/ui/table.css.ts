import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** The data tables of the stock screens: one look, one place to change it. */
export const tableWrap = style({ overflowX: 'auto', background: vars.color.surface, borderRadius: vars.radius.md, marginBottom: vars.space.md });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });
export const th = style({
  textAlign: 'left',
  padding: vars.space.sm,
  fontSize: vars.font.small,
  color: vars.color.muted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const num = style({ textAlign: 'right', whiteSpace: 'nowrap' });
/** A cell's refusal, shown under its field. */
export const cellError = style({ display: 'block', color: vars.color.danger, fontSize: vars.font.small, maxWidth: '260px', whiteSpace: 'normal' });
