import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const fade = keyframes({ from: { opacity: 0.35 }, to: { opacity: 0 } });

const tintBase = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  pointerEvents: 'none',
  animation: `${fade} 300ms ease-out forwards`,
});

/** The whole screen washes green or red for a moment: seen from the corner of an eye while packing. */
export const tint = styleVariants({
  ok: [tintBase, { background: vars.color.success }],
  bad: [tintBase, { background: vars.color.danger }],
});

export const note = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space.lg,
  transform: 'translateX(-50%)',
  zIndex: 61,
  pointerEvents: 'none',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: '#fff',
  fontWeight: 600,
  fontSize: '18px',
  whiteSpace: 'nowrap',
  selectors: {
    '&:empty': { display: 'none' },
    '&[data-outcome="ok"]': { background: vars.color.success },
    '&[data-outcome="unknown"], &[data-outcome="refused"]': { background: vars.color.danger },
  },
});
