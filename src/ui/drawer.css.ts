import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export { small } from './table.css.ts';

export const drawer = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  zIndex: 40,
  width: 'min(400px, 100vw)',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  boxShadow: '-8px 0 32px rgba(0,0,0,0.18)',
  padding: vars.space.md,
  overflow: 'hidden',
});
export const head = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const title = style({ margin: 0, fontSize: vars.font.title });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, overflowY: 'auto', flex: 1 });
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: vars.touch,
  padding: vars.space.sm,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'transparent',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.bg } },
});
export const thumb = style({ width: '44px', height: '44px', flex: 'none', objectFit: 'cover', borderRadius: vars.radius.sm, background: vars.color.bg });
export const name = style({ flex: 1, minWidth: 0 });
