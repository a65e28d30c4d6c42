import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { checkbox, num, small as articles, td, totalsLine as summary } from '../../../ui/table.css.ts';

export const tr = style({ cursor: 'pointer', selectors: { '&:hover': { background: vars.color.bg } } });
export const selectedRow = style({ background: vars.color.highlight });

export const thumbButton = style({
  width: '56px',
  height: '56px',
  padding: 0,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg,
  cursor: 'pointer',
  overflow: 'hidden',
  display: 'block',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, boxShadow: `0 0 0 2px ${vars.color.primary}` },
  },
});

export const thumb = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

export const nameButton = style({
  minHeight: vars.touch,
  border: 'none',
  background: 'transparent',
  textAlign: 'left',
  padding: 0,
  color: 'inherit',
  cursor: 'pointer',
});

export const gallery = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
  alignItems: 'flex-start',
});

export const mainImage = style({
  width: '240px',
  height: '240px',
  objectFit: 'contain',
  background: vars.color.bg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const tile = style({ position: 'relative', width: '104px' });
export const tileImage = style({
  width: '104px',
  height: '104px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
});
export const waiting = style({ fontSize: vars.font.small, color: vars.color.warning });

export const fileInput = style({ position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' });

export const listing = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: vars.touch,
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const form = style({ maxWidth: '720px' });
export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });
/** «не хватает N»: the product's stock does not cover its orders awaiting assembly (docs/rules.md «Достаточность»). */
export const shortBadge = style({
  display: 'inline-block',
  marginTop: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: '#fdecea',
  color: vars.color.danger,
  fontSize: vars.font.small,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

/** Above the product's tabs: where it lies in the warehouse. */
export const shelfLine = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.muted });
