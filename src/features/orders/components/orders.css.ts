import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/*
 * /orders: cards, not a table — a card's parts wrap, so on a 768 px tablet nothing pushes the page sideways and no
 * line hides behind a scroll.
 */

/** The toolbar wraps on a tablet: the store, the search and the pick list's link share rows as they fit. */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
  marginBottom: vars.space.md,
  minWidth: 0,
});
export const barField = style({ flex: '1 1 220px', minWidth: 0 });
export const stageGroup = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});
export const count = style({
  display: 'inline-block',
  minWidth: '1.6em',
  marginLeft: vars.space.xs,
  padding: '0 6px',
  borderRadius: '999px',
  background: 'rgba(0,0,0,0.08)',
  fontSize: vars.font.small,
  textAlign: 'center',
});
/** A link that looks like a button and is as easy to tap. */
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

export const note = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.highlight,
  margin: `0 0 ${vars.space.sm}`,
});
export const errorNote = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: '#fdecea',
  color: vars.color.danger,
  margin: `0 0 ${vars.space.sm}`,
});

export const cardList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md });
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  boxShadow: '0 1px 3px rgba(0,0,0,0.08)',
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const cardHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space.xs} ${vars.space.md}`,
});
export const posting = style({ margin: 0, fontSize: '18px', fontWeight: 700 });
export const stage = style({
  padding: '2px 8px',
  borderRadius: vars.radius.sm,
  background: vars.color.bg,
  fontSize: vars.font.small,
  fontWeight: 600,
});
export const small = style({ color: vars.color.muted, fontSize: vars.font.small });
export const dates = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.md}`,
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.muted,
  fontSize: vars.font.small,
});
export const problem = style({ color: vars.color.danger, fontWeight: 600, margin: `${vars.space.xs} 0 0` });
export const lines = style({ listStyle: 'none', margin: `${vars.space.sm} 0 0`, padding: 0 });
/** A line: what was ordered on the left, its product and what it did on the right; they stack when narrow. */
export const line = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  justifyContent: 'space-between',
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const lineWhat = style({ flex: '1 1 260px', minWidth: 0 });
export const lineBooks = style({
  flex: '1 1 260px',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
export const short = style({ color: vars.color.danger, fontWeight: 600 });
export const ok = style({ color: vars.color.success, fontWeight: 600 });
export const plain = style({ fontWeight: 600 });

export const section = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: `0 0 ${vars.space.md}`,
  boxShadow: `inset 4px 0 0 ${vars.color.warning}, 0 1px 3px rgba(0,0,0,0.08)`,
});
export const sectionTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: '18px' });
export const offerList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const offerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});
export const offerText = style({ flex: '1 1 260px', minWidth: 0 });
export const pending = style({
  color: vars.color.warning,
  fontWeight: 600,
  minHeight: vars.touch,
  display: 'flex',
  alignItems: 'center',
});
