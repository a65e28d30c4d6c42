import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const corner = style({ position: 'fixed', right: vars.space.lg, bottom: vars.space.lg, zIndex: 60 });

export const spinner = style({
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  border: `4px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 0.8s linear infinite`,
});

export const ringLabel = style({ fontSize: '13px', fontWeight: 700 });

export const bar = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space.lg,
  transform: 'translateX(-50%)',
  zIndex: 70,
  minHeight: vars.touch,
  maxWidth: 'min(640px, calc(100vw - 32px))',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: 'none',
  color: '#fff',
  cursor: 'pointer',
  textAlign: 'left',
  boxShadow: '0 6px 24px rgba(0,0,0,0.25)',
});

export const barKind = {
  info: style({ background: '#255d9c' }),
  success: style({ background: vars.color.success }),
  warning: style({ background: vars.color.warning }),
  error: style({ background: vars.color.danger }),
};
