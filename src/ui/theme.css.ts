import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';

/** One palette and scale for the whole app. Touch targets are at least 44 px (tablets first). */
export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#f4f6f8',
    surface: '#ffffff',
    text: '#1d2730',
    muted: '#5f6b76',
    border: '#d5dce3',
    primary: '#1f6feb',
    primaryText: '#ffffff',
    danger: '#c62828',
    success: '#2e7d32',
    warning: '#b26a00',
    highlight: '#fff4d6',
    menu: '#17212b',
    menuText: '#e8eef4',
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px' },
  radius: { sm: '6px', md: '10px' },
  touch: '44px',
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    size: '16px',
    small: '14px',
    title: '22px',
  },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.font.size,
  lineHeight: 1.45,
  WebkitTextSizeAdjust: '100%',
});
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('a', { color: vars.color.primary });
