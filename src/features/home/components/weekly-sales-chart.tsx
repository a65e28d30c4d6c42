import { useId } from 'react';
import { addDays } from '../api/calendar.ts';
import { countNoun, formatAmount, formatDay, formatRoubles, nouns } from '../../../lib/format.ts';
import type { WeekSales } from '../api/weekly-sales.ts';
import { CHART, labelEvery, linear, niceTicks, plotHeight, plotWidth } from './chart-scale.ts';
import { ValuesTable } from './values-table.tsx';
import {
  axis,
  axisTitle,
  gridLine,
  legend,
  lossBar,
  marginBar,
  marginSwatch,
  revenueBar,
  revenueSwatch,
  svg,
  swatch,
  zeroLine,
} from './home.css.ts';

/**
 * Each week's revenue beside its gross margin (revenue − cost of goods): a margin below 0 is drawn
 * down from the zero line in red. Hand-drawn SVG, its figures also in a table.
 */
export function WeeklySalesChart({ weeks }: { weeks: WeekSales[] }) {
  const titleId = useId();
  const descId = useId();
  const values = weeks.flatMap((w) => [w.revenue, w.margin]);
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const y = linear(ticks[0]!, ticks[ticks.length - 1]!, CHART.top + plotHeight, CHART.top);
  const slot = plotWidth / weeks.length;
  const bar = Math.min(22, slot * 0.36);
  const bottom = CHART.top + plotHeight;
  const shown = labelEvery(weeks.length, 5);
  const total = weeks.reduce((s, w) => ({ revenue: s.revenue + w.revenue, margin: s.margin + w.margin }), {
    revenue: 0,
    margin: 0,
  });
  const first = weeks[0]!.week;
  const lastDay = addDays(weeks[weeks.length - 1]!.week, 6);
  const rect = (value: number, left: number, className: string, label: string) => {
    const top = Math.min(y(value), y(0));
    return (
      <rect
        className={className}
        x={left}
        y={top}
        width={bar}
        height={Math.max(Math.abs(y(value) - y(0)), value === 0 ? 0 : 1)}
      >
        <title>{label}</title>
      </rect>
    );
  };
  return (
    <>
      <div className={legend} aria-hidden="true">
        <span>
          <span className={`${swatch} ${revenueSwatch}`} />
          Выручка
        </span>
        <span>
          <span className={`${swatch} ${marginSwatch}`} />
          Валовая прибыль
        </span>
      </div>
      <svg
        className={svg}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        data-testid="sales-chart"
      >
        <title
          id={titleId}
        >{`Продажи и валовая прибыль по неделям с ${formatDay(first)} по ${formatDay(lastDay)}`}</title>
        <desc
          id={descId}
        >{`${countNoun(weeks.length, nouns.week)}: выручка ${formatRoubles(total.revenue)}, валовая прибыль ${formatRoubles(total.margin)}.`}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line
              className={t === 0 ? zeroLine : gridLine}
              x1={CHART.left}
              x2={CHART.left + plotWidth}
              y1={y(t)}
              y2={y(t)}
            />
            <text className={axis} x={CHART.left - 8} y={y(t)} textAnchor="end" dominantBaseline="middle">
              {formatRoubles(t)}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const middle = CHART.left + slot * i + slot / 2;
          return (
            <g key={w.week}>
              {rect(
                w.revenue,
                middle - bar - 1,
                revenueBar,
                `Неделя с ${formatDay(w.week)}: выручка ${formatRoubles(w.revenue)}`,
              )}
              {rect(
                w.margin,
                middle + 1,
                w.margin < 0 ? lossBar : marginBar,
                `Неделя с ${formatDay(w.week)}: валовая прибыль ${formatRoubles(w.margin)}`,
              )}
              {shown(i) && (
                <text
                  className={axis}
                  x={middle}
                  y={bottom + 20}
                  textAnchor={i === weeks.length - 1 ? 'end' : i === 0 ? 'start' : 'middle'}
                >
                  {formatDay(w.week)}
                </text>
              )}
            </g>
          );
        })}
        <text className={axisTitle} x={CHART.left + plotWidth / 2} y={CHART.height - 8} textAnchor="middle">
          Неделя (с понедельника)
        </text>
        <text className={axisTitle} x={0} y={14}>
          Сумма, ₽
        </text>
      </svg>
      <ValuesTable
        caption="Продажи и прочие реализации по неделям"
        head={['Неделя', 'Продано, шт.', 'Выручка', 'Себестоимость', 'Валовая прибыль']}
        rows={weeks.map((w) => ({
          key: w.week,
          cells: [
            `${formatDay(w.week)} – ${formatDay(addDays(w.week, 6))}`,
            formatAmount(w.units),
            formatRoubles(w.revenue),
            formatRoubles(w.cost),
            formatRoubles(w.margin),
          ],
        }))}
        testId="sales-table"
      />
    </>
  );
}
