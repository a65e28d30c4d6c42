import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const formats = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  border: 0,
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
});

export const note = style({ color: vars.color.muted, fontSize: vars.font.small });

export const missingList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
