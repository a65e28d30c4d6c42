import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/*
 * «Лист сборки» on screen and on paper. The print rules apply only while the pick list is on the page (`:has`), so
 * printing any other screen stays as it was: the app's menu, header and buttons go, the list prints black on white
 * across the whole sheet.
 */

export const sheet = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
export const title = style({ margin: 0, fontSize: vars.font.title });
export const meta = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.muted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
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
export const groups = style({ listStyle: 'none', margin: 0, padding: 0 });
/** One product: shelf, name and total on one row; the postings under it. Kept whole on a printed page. */
export const group = style({
  display: 'grid',
  gridTemplateColumns: '6em minmax(0, 1fr) auto',
  gap: `0 ${vars.space.md}`,
  alignItems: 'baseline',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  breakInside: 'avoid',
});
/** The columns' names above the products, for the sheet on paper. */
export const columns = style([
  group,
  { padding: `0 0 ${vars.space.xs}`, color: vars.color.muted, fontSize: vars.font.small, fontWeight: 600 },
]);
export const shelf = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
export const name = style({ fontWeight: 600 });
export const units = style({ fontWeight: 700, whiteSpace: 'nowrap', textAlign: 'right' });
export const postings = style({
  gridColumn: '2 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.md}`,
  margin: `2px 0 0`,
  padding: 0,
  listStyle: 'none',
  color: vars.color.muted,
  fontSize: vars.font.small,
  fontVariantNumeric: 'tabular-nums',
});
export const subtitle = style({ margin: `${vars.space.lg} 0 ${vars.space.xs}`, fontSize: '18px' });
/** Hidden when printed: the buttons and links of the screen. */
export const noPrint = style({});

const printing = `body:has(${sheet})`;
globalStyle(`${printing} #main-menu, ${printing} header, ${printing} ${noPrint}`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(`${printing}, ${printing} main`, {
  '@media': { print: { background: '#fff', color: '#000', padding: 0, maxWidth: 'none' } },
});
globalStyle(`${sheet} *`, {
  '@media': { print: { color: '#000' } },
});
globalStyle(`${sheet} ${group}`, {
  '@media': { print: { borderBottomColor: '#000' } },
});
