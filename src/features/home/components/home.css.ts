import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export { num, table, tableWrap, td, th } from '../../../ui/table.css.ts';

/**
 * From a tablet's width up two columns: the stock and the edits on the left, the shortfall list beside them; on a phone
 * one under another.
 */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
  marginBottom: vars.space.md,
  '@media': { '(min-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const column = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });
export const section = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  boxShadow: '0 1px 3px rgba(0,0,0,0.08)',
  minWidth: 0,
});
export const charts = style({ display: 'grid', gap: vars.space.md });
export const sectionTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: '18px' });
export const figure = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: '28px',
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
});
export const note = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.muted, fontSize: vars.font.small });
export const bad = style({ color: vars.color.danger });
export const list = style({ listStyle: 'none', margin: `0 0 ${vars.space.sm}`, padding: 0 });
export const listItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
/** A link as big as a finger (44 px): the product's name. */
export const rowLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.touch,
  overflowWrap: 'anywhere',
});
export const lacking = style({ color: vars.color.danger, fontWeight: 600, whiteSpace: 'nowrap', alignSelf: 'center' });
export const moreLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.touch });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const svg = style({ display: 'block', width: '100%', height: 'auto', maxHeight: '340px' });
export const axis = style({ fill: vars.color.muted, fontSize: '13px' });
export const axisTitle = style({ fill: vars.color.text, fontSize: '13px', fontWeight: 600 });
export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 });
export const zeroLine = style({ stroke: vars.color.muted, strokeWidth: 1 });
export const valueLine = style({ fill: 'none', stroke: vars.color.primary, strokeWidth: 2.5 });
export const valueArea = style({ fill: vars.color.primary, opacity: 0.12 });
export const revenueBar = style({ fill: vars.color.primary });
export const marginBar = style({ fill: vars.color.success });
export const lossBar = style({ fill: vars.color.danger });
export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: `${vars.space.xs} 0`,
  fontSize: vars.font.small,
});
export const swatch = style({
  display: 'inline-block',
  width: '12px',
  height: '12px',
  borderRadius: '2px',
  marginRight: vars.space.xs,
  verticalAlign: 'middle',
});
export const revenueSwatch = style({ background: vars.color.primary });
export const marginSwatch = style({ background: vars.color.success });
export const details = style({ marginTop: vars.space.sm });
export const summary = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.touch,
  cursor: 'pointer',
  color: vars.color.primary,
});
export const tableCaption = style({
  textAlign: 'left',
  padding: `${vars.space.sm} 0`,
  fontSize: vars.font.small,
  color: vars.color.muted,
});
export const rowHead = style({ textAlign: 'left', fontWeight: 'normal', whiteSpace: 'nowrap' });
