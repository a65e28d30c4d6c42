import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const item = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  minHeight: vars.touch,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});

export const name = style({ fontWeight: 600, display: 'block' });
export const description = style({ color: vars.color.muted, fontSize: vars.font.small });
export const tag = style({ float: 'right', color: vars.color.muted, fontSize: vars.font.small });
export const form = style({ maxWidth: '560px' });
