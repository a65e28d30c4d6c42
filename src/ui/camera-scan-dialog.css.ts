import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const viewport = style({
  position: 'relative',
  width: '100%',
  aspectRatio: '4 / 3',
  background: '#000',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
});

export const video = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

/** The aiming frame: where to hold the code. */
export const aim = style({
  position: 'absolute',
  left: '10%',
  right: '10%',
  top: '30%',
  bottom: '30%',
  border: '3px solid rgba(255, 255, 255, 0.85)',
  borderRadius: vars.radius.sm,
  boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.25)',
  pointerEvents: 'none',
});

export const status = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.muted, fontSize: vars.font.small });

export const error = style({
  color: vars.color.danger,
  background: '#fdecea',
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
});
