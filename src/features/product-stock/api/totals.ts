/** Totals (docs/screens.md «Форматы и постоянные»). */

/** Write-off total: Σ count × price. */
export const disposalTotal = (rows: readonly { count: number; price: number }[]) =>
  rows.reduce((s, r) => s + r.count * r.price, 0);

/** Markdown total: Σ (price − markdown_price). */
export const markdownTotal = (rows: readonly { price: number; markdown_price: number }[]) =>
  rows.reduce((s, r) => s + (r.price - r.markdown_price), 0);

/** Sales and other realizations: Σ count × realization_price. */
export const realizationTotal = (rows: readonly { count: number; realization_price: number }[]) =>
  rows.reduce((s, r) => s + r.count * r.realization_price, 0);
