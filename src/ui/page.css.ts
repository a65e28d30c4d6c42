import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const page = style({ padding: vars.space.lg, maxWidth: '1100px', margin: '0 auto', width: '100%' });

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  boxShadow: '0 1px 3px rgba(0,0,0,0.08)',
});

export const heading = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.font.title });

export const muted = style({ color: vars.color.muted });

export const toolbar = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
});

/** The filter fields at the left of a list's toolbar (dates, search). */
export const filters = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', alignItems: 'flex-end' });
