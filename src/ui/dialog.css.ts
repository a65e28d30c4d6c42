import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(15, 23, 30, 0.45)', zIndex: 50 });

export const content = style({
  position: 'fixed',
  zIndex: 51,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(560px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 64px)',
  overflow: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  boxShadow: '0 12px 40px rgba(0,0,0,0.25)',
});

export const title = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.font.title });

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});
