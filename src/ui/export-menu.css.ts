import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const wrap = style({ position: 'relative', display: 'inline-flex' });

export const menu = style({
  position: 'absolute',
  top: `calc(100% + ${vars.space.xs})`,
  right: 0,
  zIndex: 30,
  minWidth: '220px',
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: '0 8px 24px rgba(0,0,0,0.18)',
});

export const item = style({
  minHeight: vars.touch,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.bg } },
});

export const hint = style({ color: vars.color.muted, fontSize: vars.font.small, marginLeft: vars.space.sm });
