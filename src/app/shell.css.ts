import { globalStyle, style } from '@vanilla-extract/css';
import { drawer, drawerSheet, drawerSide, drawerWidth, sheetHeight } from '../ui/drawer.css.ts';
import { vars } from '../ui/theme.css.ts';

/**
 * At 1280 px and wider the menu stands beside the page; below that (tablets, 768–1279 px) it would take
 * a quarter of the screen from the tables, so it hides behind the «Меню» button and opens over the page.
 */
export const wide = 'screen and (min-width: 1280px)';
const collapsed = 'screen and (max-width: 1279px)';
export const headerHeight = '56px';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  minHeight: '100vh',
  '@media': { [wide]: { gridTemplateColumns: '240px minmax(0, 1fr)' } },
});

export const menu = style({
  background: vars.color.menu,
  color: vars.color.menuText,
  padding: `${vars.space.md} 0`,
  overflowY: 'auto',
  '@media': {
    [wide]: { position: 'sticky', top: 0, height: '100vh' },
    [collapsed]: {
      display: 'none',
      position: 'fixed',
      top: 0,
      left: 0,
      bottom: 0,
      zIndex: 46,
      width: 'min(300px, 85vw)',
      boxShadow: '8px 0 32px rgba(0,0,0,0.3)',
      selectors: { '&[data-open="true"]': { display: 'block' } },
    },
  },
});

/** Behind the opened menu on a narrow screen: a tap outside the menu closes it. */
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 45,
  background: 'rgba(15, 23, 30, 0.35)',
  '@media': { [wide]: { display: 'none' } },
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  fontWeight: 700,
  fontSize: '20px',
  padding: `0 ${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
});

export const menuClose = style({
  color: vars.color.menuText,
  background: 'transparent',
  borderColor: 'rgba(255,255,255,0.3)',
  '@media': { [wide]: { display: 'none' } },
});

export const menuLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.touch,
  padding: `0 ${vars.space.md}`,
  color: vars.color.menuText,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: 'rgba(255,255,255,0.08)' },
    '&[data-status="active"]': { background: 'rgba(255,255,255,0.16)', fontWeight: 600 },
  },
});

export const main = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
// While a product drawer is open the page keeps out from under it: narrower beside it, or with room
// below its last line to scroll above the sheet.
globalStyle(`${main}:has(${drawer}) > :not(header)`, {
  '@media': { [drawerSide]: { paddingRight: drawerWidth }, [drawerSheet]: { paddingBottom: sheetHeight } },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: headerHeight,
  padding: `0 ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: 'sticky',
  top: 0,
  zIndex: 10,
  '@media': { [collapsed]: { padding: `0 ${vars.space.md}`, gap: vars.space.sm } },
});

export const title = style({
  margin: 0,
  fontSize: '20px',
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const menuToggle = style({
  flex: 'none',
  '@media': { [wide]: { display: 'none' } },
});
