import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Right under the field it speaks of: the field's own bottom margin is taken back. */
export const note = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `calc(-1 * ${vars.space.md} + ${vars.space.xs}) 0 ${vars.space.md}`,
  padding: `0 0 0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.highlight,
  color: vars.color.text,
  fontSize: vars.font.small,
});

export const text = style({ flex: 1 });

export const dismiss = style({
  minWidth: vars.touch,
  minHeight: vars.touch,
  border: 'none',
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  fontSize: vars.font.size,
});
