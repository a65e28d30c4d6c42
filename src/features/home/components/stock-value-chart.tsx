import { useId } from 'react';
import { formatDay, formatRoubles } from '../../../lib/format.ts';
import type { ValuePoint } from '../api/stock-value-series.ts';
import { CHART, labelEvery, linear, niceTicks, plotHeight, plotWidth } from './chart-scale.ts';
import { ValuesTable } from './values-table.tsx';
import { axis, axisTitle, gridLine, svg, valueArea, valueLine } from './home.css.ts';

const dayTime = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/**
 * The stock's value at cost as a step line: it holds from one change to the next. Hand-drawn SVG (no
 * chart library in the bundle), its figures also in a table for screen readers and for reading exactly.
 */
export function StockValueChart({ points }: { points: ValuePoint[] }) {
  const titleId = useId();
  const descId = useId();
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const ticks = niceTicks(Math.min(...points.map((p) => p.value)), Math.max(...points.map((p) => p.value)));
  const x = linear(dayTime(first.day), dayTime(last.day), CHART.left, CHART.left + plotWidth);
  const y = linear(ticks[0]!, ticks[ticks.length - 1]!, CHART.top + plotHeight, CHART.top);
  const xs = points.map((p) => x(dayTime(p.day)));
  // Holds each value until the next change: across, then up or down.
  const line = points.map((p, i) => (i === 0 ? `M${xs[0]},${y(p.value)}` : `H${xs[i]}V${y(p.value)}`)).join('');
  const area = `${line}V${y(Math.max(0, ticks[0]!))}H${xs[0]}Z`;
  const highest = points.reduce((a, b) => (b.value > a.value ? b : a));
  // About five dates fit under the axis of a tablet: the first, the last and some evenly between.
  const dates = [0, 0.25, 0.5, 0.75, 1].map((f) =>
    new Date(dayTime(first.day) + f * (dayTime(last.day) - dayTime(first.day))).toISOString().slice(0, 10),
  );
  const shown = labelEvery(dates.length, 5);
  return (
    <>
      <svg
        className={svg}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        data-testid="value-chart"
      >
        <title
          id={titleId}
        >{`Стоимость склада по себестоимости с ${formatDay(first.day)} по ${formatDay(last.day)}`}</title>
        <desc
          id={descId}
        >{`Сейчас ${formatRoubles(last.value)}; больше всего — ${formatRoubles(highest.value)} на ${formatDay(highest.day)}.`}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line className={gridLine} x1={CHART.left} x2={CHART.left + plotWidth} y1={y(t)} y2={y(t)} />
            <text className={axis} x={CHART.left - 8} y={y(t)} textAnchor="end" dominantBaseline="middle">
              {formatRoubles(t)}
            </text>
          </g>
        ))}
        <path className={valueArea} d={area} />
        <path className={valueLine} d={line} />
        {dates.map((day, i) =>
          shown(i) ? (
            <text
              key={day}
              className={axis}
              x={x(dayTime(day))}
              y={CHART.top + plotHeight + 20}
              textAnchor={i === 0 ? 'start' : i === dates.length - 1 ? 'end' : 'middle'}
            >
              {formatDay(day)}
            </text>
          ) : null,
        )}
        <text className={axisTitle} x={CHART.left + plotWidth / 2} y={CHART.height - 12} textAnchor="middle">
          Дата
        </text>
        <text className={axisTitle} x={0} y={14}>
          Себестоимость, ₽
        </text>
      </svg>
      <ValuesTable
        caption="Стоимость склада по себестоимости на конец дня"
        head={['Дата', 'Стоимость, ₽']}
        rows={points.map((p) => ({ key: p.day, cells: [formatDay(p.day), formatRoubles(p.value)] }))}
        testId="value-table"
      />
    </>
  );
}
