import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '240px 1fr',
  minHeight: '100vh',
  '@media': { 'screen and (max-width: 767px)': { gridTemplateColumns: '1fr' } },
});

export const menu = style({
  background: vars.color.menu,
  color: vars.color.menuText,
  padding: `${vars.space.md} 0`,
  '@media': { 'screen and (max-width: 767px)': { display: 'none', selectors: { '&[data-open="true"]': { display: 'block' } } } },
});

export const brand = style({ fontWeight: 700, fontSize: '20px', padding: `0 ${vars.space.md} ${vars.space.md}` });

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

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '56px',
  padding: `0 ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: 'sticky',
  top: 0,
  zIndex: 10,
});

export const title = style({ margin: 0, fontSize: '20px', flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const menuToggle = style({
  display: 'none',
  '@media': { 'screen and (max-width: 767px)': { display: 'inline-flex' } },
});
