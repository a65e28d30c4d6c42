import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const list = style({
  listStyle: 'none',
  margin: `${vars.space.sm} 0 0`,
  padding: 0,
  maxHeight: '320px',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const option = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  width: '100%',
  minHeight: vars.touch,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'pointer',
  font: 'inherit',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.highlight, fontWeight: 600 } },
});

export const articles = style({ fontSize: vars.font.small, color: vars.color.muted, fontWeight: 400 });

export const hint = style({ color: vars.color.muted, fontSize: vars.font.small, margin: `${vars.space.sm} 0 0` });

export const code = style({ fontFamily: 'ui-monospace, monospace', fontWeight: 600 });
