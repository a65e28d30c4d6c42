import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/*
 * The assembly screen on a 768 px tablet held in one hand: each line a wide card with a picture, the counter large
 * enough to read from arm's length, and buttons well past the 44 px minimum so a gloved thumb hits them.
 */

const bigTouch = '56px';

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
export const title = style({ margin: 0, fontSize: vars.font.title, overflowWrap: 'anywhere' });
export const muted = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.muted });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.touch,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  textDecoration: 'none',
  fontWeight: 600,
});

/** The last scan's answer: green for a good one, red otherwise, so it reads at a glance. */
export const message = styleVariants({
  ok: { color: vars.color.success },
  unknown: { color: vars.color.danger },
  refused: { color: vars.color.danger },
});
export const messageBox = style({
  minHeight: '1.6em',
  margin: `0 0 ${vars.space.sm}`,
  fontSize: '18px',
  fontWeight: 700,
});

export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const line = style({
  display: 'grid',
  gridTemplateColumns: '72px minmax(0, 1fr) auto',
  gap: vars.space.md,
  alignItems: 'center',
  padding: vars.space.sm,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  '@media': { 'screen and (max-width: 560px)': { gridTemplateColumns: '56px minmax(0, 1fr)' } },
});
/** A line picked in full. */
export const lineDone = style({ borderColor: vars.color.success, background: '#f0f8f0' });
export const thumb = style({
  width: '72px',
  height: '72px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.bg,
  '@media': { 'screen and (max-width: 560px)': { width: '56px', height: '56px' } },
});
export const what = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const name = style({ fontWeight: 700, fontSize: '18px' });
export const detail = style({ color: vars.color.muted, fontSize: vars.font.small });
export const shelf = style({ fontWeight: 700, color: vars.color.text });
export const controls = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  '@media': { 'screen and (max-width: 560px)': { gridColumn: '1 / -1', justifyContent: 'flex-end' } },
});
export const counter = style({
  minWidth: '4.5em',
  fontSize: '24px',
  fontWeight: 800,
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
});
export const tap = style({ minHeight: bigTouch, minWidth: bigTouch, fontSize: '18px' });

export const footer = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.md,
  padding: `${vars.space.md} 0`,
  background: vars.color.bg,
});
export const done = style({ minHeight: bigTouch, padding: `0 ${vars.space.xl}`, fontSize: '20px' });
export const status = styleVariants({
  sending: { color: vars.color.warning, fontWeight: 700 },
  done: { color: vars.color.success, fontWeight: 700, fontSize: '20px' },
  failed: { color: vars.color.danger, fontWeight: 700 },
});
export const statusBox = style({ flex: '1 1 260px', minWidth: 0, margin: 0, overflowWrap: 'anywhere' });
