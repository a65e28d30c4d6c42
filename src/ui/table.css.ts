import { globalStyle, style, type GlobalStyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

// The data tables of the stock screens: one look, one place to change it.

/** Holds the scrolling box and the shadows at its edges (src/ui/scroll-area.tsx sets data-more-left/right). */
export const tableFrame = style({
  position: 'relative',
  containerType: 'inline-size',
  marginBottom: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const tableWrap = style({
  overflowX: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  overscrollBehaviorX: 'contain',
});
const edge = {
  content: '""',
  position: 'absolute',
  top: 0,
  bottom: 0,
  width: '28px',
  pointerEvents: 'none',
  zIndex: 3,
  opacity: 0,
  transition: 'opacity 0.15s',
} as const;
globalStyle(`${tableFrame}::before`, {
  ...edge,
  left: 0,
  background: 'linear-gradient(to right, rgba(15,23,30,0.18), rgba(15,23,30,0))',
  borderRadius: `${vars.radius.md} 0 0 ${vars.radius.md}`,
});
globalStyle(`${tableFrame}::after`, {
  ...edge,
  right: 0,
  background: 'linear-gradient(to left, rgba(15,23,30,0.18), rgba(15,23,30,0))',
  borderRadius: `0 ${vars.radius.md} ${vars.radius.md} 0`,
});
globalStyle(`${tableFrame}[data-more-left]::before, ${tableFrame}[data-more-right]::after`, { opacity: 1 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });
// Headings wrap between words (numeric ones too): «Ср. себестоимость» over two lines lets a table fit a tablet.
globalStyle(`${table} th`, { whiteSpace: 'normal' });
// Rows are opaque so a sticky cell (below) can take their colour, highlighted or not; :where() adds no
// weight, so any row class (selected, highlighted, flagged) still sets the colour.
globalStyle(`:where(${table} > tbody > tr)`, { background: vars.color.surface });
/**
 * The column that stays at the left edge while the others scroll under it: the product's name, so a
 * scrolled row still says whose price it is. DataTable sets data-sticky to its 1-based position.
 */
for (let n = 1; n <= 6; n++) {
  globalStyle(`${table}[data-sticky="${n}"] > * > tr > :nth-child(${n})`, {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    background: 'inherit',
    minWidth: '170px',
  });
  globalStyle(`${table}[data-sticky="${n}"] > thead > tr > :nth-child(${n})`, { background: vars.color.surface });
  globalStyle(`${tableFrame}[data-more-left] ${table}[data-sticky="${n}"] > * > tr > :nth-child(${n})`, {
    boxShadow: '6px 0 8px -6px rgba(15,23,30,0.35)',
  });
}
export const th = style({
  textAlign: 'left',
  padding: vars.space.sm,
  fontSize: vars.font.small,
  color: vars.color.muted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
});
export const num = style({ textAlign: 'right', whiteSpace: 'nowrap' });
/** A cell's refusal, shown under its field. */
export const cellError = style({
  display: 'block',
  color: vars.color.danger,
  fontSize: vars.font.small,
  maxWidth: '260px',
  whiteSpace: 'normal',
});
export const td = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});
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
/**
 * A document's lines (purchase, other realization): new and modified ones, and ones flagged after a refused save
 * (docs/screens.md «Адреса»).
 */
export const line = style({
  selectors: {
    '&[data-state="new"], &[data-state="modified"]': { background: vars.color.highlight },
    '&[data-flagged="true"]': { background: '#fdecea', boxShadow: `inset 4px 0 0 ${vars.color.danger}` },
  },
});
/** The bold line of totals under a table («Итого: …», «На складе: …»). */
export const totalsLine = style({ fontWeight: 600, margin: `0 0 ${vars.space.md}` });
/** A product's picture in a document's line. */
export const lineThumb = style({
  width: '44px',
  height: '44px',
  flexShrink: 0,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
  background: vars.color.bg,
});
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

/**
 * Rows that become compact when their table's box (src/ui/scroll-area.tsx, a size container) is narrower
 * than the table needs — a tablet, or a laptop with the product drawer beside the editor — instead of
 * scrolling sideways: the headings go, and each row wraps into two lines in fixed places. The first holds
 * what is read (picture, name, facts, sum) and the row's buttons; the second the cells holding a field,
 * always in the same order, so every row's fields stand where the row above has them. A cell names itself
 * above its content by `data-label`; the name cell is `data-cell="name"` and takes the room that is left.
 */
function compactRows(box: string): string {
  const row = style({});
  const at = (rule: GlobalStyleRule) => ({ '@container': { [box]: rule } });
  const owner = `${table}:has(> tbody > ${row})`;
  globalStyle(`${owner} > thead`, at({ display: 'none' }));
  globalStyle(`${owner}, ${owner} > tbody`, at({ display: 'block', width: '100%' }));
  globalStyle(
    row,
    at({
      display: 'flex',
      flexWrap: 'wrap',
      columnGap: vars.space.sm,
      rowGap: vars.space.sm,
      padding: `${vars.space.sm} ${vars.space.md}`,
      borderBottom: `1px solid ${vars.color.border}`,
    }),
  );
  // The break between the two lines: a full-width item after the first line's cells.
  globalStyle(`${row}::after`, at({ content: '""', order: 1, flexBasis: '100%', height: 0 }));
  // [data-cell] outweighs the sticky column's rule above (it has no sideways scroll to stay in view of).
  globalStyle(
    `${table} > tbody > ${row} > td, ${table} > tbody > ${row} > td[data-cell]`,
    at({
      display: 'block',
      border: 'none',
      padding: 0,
      textAlign: 'left',
      position: 'static',
      minWidth: 0,
      alignSelf: 'center',
    }),
  );
  // Nothing to say (no article, say): no label over an empty space either.
  globalStyle(`${table} > tbody > ${row} > td:empty`, at({ display: 'none' }));
  // The fields' line, their boxes level whatever their labels.
  globalStyle(`${table} > tbody > ${row} > td:has(input, select, textarea)`, at({ order: 2, alignSelf: 'flex-end' }));
  globalStyle(`${table} > tbody > ${row} > td[data-cell="name"]`, at({ flex: '1 1 180px' }));
  globalStyle(
    `${table} > tbody > ${row} > td[data-label]::before`,
    at({ content: 'attr(data-label)', display: 'block', color: vars.color.muted, fontSize: vars.font.small }),
  );
  return row;
}

/** Rows of a table of few columns (a purchase's lines): compact in a box narrower than 760 px. */
export const compactFew = compactRows('(max-width: 759px)');
/** Rows of a table of many columns (/markdown, an other realization's lines): compact below 1000 px. */
export const compactMany = compactRows('(max-width: 999px)');
