import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Holds the row and the shadows at its edges (data-more-left/right, src/ui/scroll-edges.ts). */
export const listFrame = style({ position: 'relative', marginBottom: vars.space.md });

export const list = style({
  position: 'relative',
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
  // Nine tabs do not fit a tablet: they scroll sideways instead of wrapping.
  WebkitOverflowScrolling: 'touch',
  scrollbarWidth: 'none',
  overscrollBehaviorX: 'contain',
});

const edge = {
  content: '""',
  position: 'absolute',
  top: 0,
  bottom: '1px',
  width: '40px',
  pointerEvents: 'none',
  opacity: 0,
  transition: 'opacity 0.15s',
} as const;
globalStyle(`${listFrame}::before`, {
  ...edge,
  left: 0,
  zIndex: 1,
  background: `linear-gradient(to right, ${vars.color.bg}, rgba(244,246,248,0))`,
});
globalStyle(`${listFrame}::after`, {
  ...edge,
  right: 0,
  zIndex: 1,
  background: `linear-gradient(to left, ${vars.color.bg}, rgba(244,246,248,0))`,
});
globalStyle(`${listFrame}[data-more-left]::before, ${listFrame}[data-more-right]::after`, { opacity: 1 });

export const trigger = style({
  flex: 'none',
  minHeight: vars.touch,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: vars.color.muted,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: { '&[data-state="active"]': { color: vars.color.primary, borderBottomColor: vars.color.primary } },
});
