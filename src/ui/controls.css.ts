import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const buttonBase = style({
  minHeight: vars.touch,
  minWidth: vars.touch,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid transparent`,
  cursor: 'pointer',
  fontWeight: 600,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  textDecoration: 'none',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'default' } },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.primary, color: vars.color.primaryText }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
  danger: [buttonBase, { background: vars.color.surface, color: vars.color.danger, borderColor: vars.color.danger }],
  link: [
    buttonBase,
    { background: 'transparent', color: vars.color.primary, padding: `0 ${vars.space.sm}`, fontWeight: 500 },
  ],
});

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const label = style({ fontSize: vars.font.small, color: vars.color.muted, fontWeight: 600 });

export const input = style({
  minHeight: vars.touch,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: {
    '&:disabled': { background: vars.color.bg, color: vars.color.muted },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const textarea = style([input, { padding: vars.space.sm, minHeight: '88px', resize: 'vertical' }]);

export const fieldError = style({ color: vars.color.danger, fontSize: vars.font.small });

export const formError = style({
  color: vars.color.danger,
  background: '#fdecea',
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
  marginBottom: vars.space.md,
});

export const row = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });
