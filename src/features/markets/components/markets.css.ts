import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const item = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  minHeight: vars.touch,
  padding: vars.space.md,
  background: 'none',
  border: 'none',
  borderRadius: vars.radius.md,
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
});

/** A store a member may see but not open. */
export const staticItem = style([item, { cursor: 'default' }]);

export const name = style({ fontWeight: 600, display: 'block' });
export const description = style({ color: vars.color.muted, fontSize: vars.font.small });
export const tag = style({ float: 'right', color: vars.color.muted, fontSize: vars.font.small });
export const form = style({ maxWidth: '560px' });

/** A checkbox with its words, a whole touch target tall. */
export const toggle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.touch,
  cursor: 'pointer',
});
export const toggleBox = style({ width: '24px', height: '24px', margin: 0 });

/** A store's card: the button that opens it, and the order intake line under it. */
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});
export const intakeLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `0 ${vars.space.md} ${vars.space.md}`,
  color: vars.color.muted,
  fontSize: vars.font.small,
});
export const intakeError = style({ color: vars.color.danger, flexBasis: '100%' });
