import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const section = style({ marginBottom: vars.space.md });

export const codes = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space.sm}`,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingLeft: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  fontFamily: 'ui-monospace, monospace',
});

export const addRow = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'flex-start' });

export const addInput = style({ flex: '1 1 220px', minWidth: 0 });
