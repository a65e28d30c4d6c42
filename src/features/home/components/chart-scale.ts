/*
 * The arithmetic of the home page's hand-drawn charts: round tick values and a linear scale. Pure, so
 * the charts stay small and the numbers are tested by hand.
 */

/** The chart's drawing box in SVG units; it scales with the page (viewBox), so a tablet shows it whole. */
export const CHART = { width: 720, height: 300, left: 104, right: 16, top: 32, bottom: 48 } as const;
export const plotWidth = CHART.width - CHART.left - CHART.right;
export const plotHeight = CHART.height - CHART.top - CHART.bottom;

/** 1, 2 or 5 × a power of ten: the step a reader adds up in their head. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const f = rough / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

/** About `count` round ticks covering min…max and always 0 (money axes start from nothing). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  let lo = Math.min(0, min);
  let hi = Math.max(0, max);
  if (hi - lo < 1e-9) hi = lo + 1;
  const step = niceStep((hi - lo) / Math.max(1, count - 1));
  lo = Math.floor(lo / step + 1e-9) * step;
  hi = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let t = lo; t <= hi + step / 2; t += step) ticks.push(Math.round(t * 100) / 100);
  return ticks;
}

/** Maps a value of [d0, d1] onto [r0, r1]. */
export const linear = (d0: number, d1: number, r0: number, r1: number) => (v: number) =>
  d1 === d0 ? r0 : r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);

/** Which of `n` labels along an axis to print so about `room` of them fit: every k-th, the last one always. */
export function labelEvery(n: number, room: number): (i: number) => boolean {
  const k = Math.max(1, Math.ceil(n / room));
  return (i) => i % k === 0 || i === n - 1;
}
