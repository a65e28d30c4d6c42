import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** The data tables of the stock screens: one look, one place to change it. */
export const tableWrap = style({ overflowX: 'auto', background: vars.color.surface, borderRadius: vars.radius.md, marginBottom: vars.space.md });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });
export const th = style({
  textAlign: 'left',
  padding: vars.space.sm,
  fontSize: vars.font.small,
  color: vars.color.muted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const num = style({ textAlign: 'right', whiteSpace: 'nowrap' });
/** A cell's refusal, shown under its field. */
export const cellError = style({ display: 'block', color: vars.color.danger, fontSize: vars.font.small, maxWidth: '260px', whiteSpace: 'normal' });
export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
/** A number typed straight into a cell (count, price): narrow, right-aligned, red when refused. */
export const cellInput = style({
  width: '110px',
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  textAlign: 'right',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const checkbox = style({ width: '28px', height: '28px', margin: '8px' });
/** A second line under a cell's text: articles, stock left. */
export const small = style({ display: 'block', color: vars.color.muted, fontSize: vars.font.small });
/** A document's lines (purchase, other realization): new and modified ones, and ones flagged after a refused save (docs/screens.md «Адреса»). */
export const line = style({
  selectors: {
    '&[data-state="new"], &[data-state="modified"]': { background: vars.color.highlight },
    '&[data-flagged="true"]': { background: '#fdecea', boxShadow: `inset 4px 0 0 ${vars.color.danger}` },
  },
});
/** The bold line of totals under a table («Итого: …», «На складе: …»). */
export const totalsLine = style({ fontWeight: 600, margin: `0 0 ${vars.space.md}` });
/** A product's picture in a document's line. */
export const lineThumb = style({ width: '44px', height: '44px', objectFit: 'cover', borderRadius: vars.radius.sm, display: 'block', background: vars.color.bg });
/** A sortable column's heading. */
export const sortButton = style({
  minHeight: vars.touch,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  padding: 0,
});
