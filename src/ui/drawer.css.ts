import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export { small } from './table.css.ts';

/**
 * Where the product drawer goes: beside the editor from 1024 px (a landscape tablet and wider), below
 * that a sheet over the lower part of the screen. Either way the shell keeps the page's content out
 * from under it (src/app/shell.css.ts), so the lines being filled stay in reach while it is open.
 */
export const drawerSide = 'screen and (min-width: 1024px)';
export const drawerSheet = 'screen and (max-width: 1023px)';
export const drawerWidth = '340px';
export const sheetHeight = '45vh';

export const drawer = style({
  position: 'fixed',
  right: 0,
  bottom: 0,
  zIndex: 40,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  background: vars.color.surface,
  padding: vars.space.md,
  overflow: 'hidden',
  '@media': {
    // Below the shell's header (56 px, src/app/shell.css.ts): the sync state stays in sight.
    [drawerSide]: { top: '56px', width: drawerWidth, boxShadow: '-8px 0 32px rgba(0,0,0,0.18)' },
    [drawerSheet]: {
      left: 0,
      height: sheetHeight,
      paddingTop: vars.space.sm,
      borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
      boxShadow: '0 -8px 32px rgba(0,0,0,0.22)',
    },
  },
});
export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
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
export const thumb = style({
  width: '44px',
  height: '44px',
  flex: 'none',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.bg,
});
export const name = style({ flex: 1, minWidth: 0 });
