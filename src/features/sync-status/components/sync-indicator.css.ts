import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const indicator = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  cursor: 'pointer',
  fontSize: vars.font.small,
});

export const dot = style({ width: '10px', height: '10px', borderRadius: '50%' });
export const online = style({ background: vars.color.success });
export const offline = style({ background: vars.color.danger });
export const rejectedBadge = style({ color: vars.color.danger, fontWeight: 700 });

export const list = style({ listStyle: 'none', padding: 0, margin: 0 });
export const item = style({
  display: 'flex',
  gap: vars.space.md,
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
