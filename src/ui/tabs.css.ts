import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.md,
  // Eight tabs do not fit a portrait tablet: they scroll sideways instead of wrapping.
  WebkitOverflowScrolling: 'touch',
});

export const trigger = style({
  minHeight: vars.touch,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: vars.color.muted,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: { '&[data-state="active"]': { color: vars.color.primary, borderBottomColor: vars.color.primary } },
});
