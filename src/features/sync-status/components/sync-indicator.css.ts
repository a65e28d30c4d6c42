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

export const dot = style({
  width: '10px',
  height: '10px',
  borderRadius: '50%',
});
export const online = style({ background: vars.color.success });
export const offline = style({ background: vars.color.danger });
export const rejectedBadge = style({
  color: vars.color.danger,
  fontWeight: 700,
});

export const list = style({ listStyle: 'none', padding: 0, margin: 0 });

export const what = style({ fontWeight: 600 });
export const reason = style({ color: vars.color.danger });
// Text above, buttons below: the dialog is too narrow for three buttons beside a sentence.
export const refusedItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const madeAt = style({
  color: vars.color.muted,
  fontSize: vars.font.small,
});
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

// Below the header, so it never covers the app's own notification bar at the bottom.
export const notice = style({
  position: 'fixed',
  left: '50%',
  top: '72px',
  transform: 'translateX(-50%)',
  zIndex: 70,
  minHeight: vars.touch,
  maxWidth: 'min(640px, calc(100vw - 32px))',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: 'none',
  background: vars.color.danger,
  color: '#fff',
  cursor: 'pointer',
  textAlign: 'left',
  boxShadow: '0 6px 24px rgba(0,0,0,0.25)',
});

/** Read by screen readers, not shown: names the button without an aria-label that would hide its visible words. */
export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
