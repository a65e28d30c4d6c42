import type { ReactNode } from 'react';
import { formatRoubles } from '../lib/format.ts';
import { Button } from './button.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { cellError, line as lineClass, lineThumb, num, td } from './table.css.ts';
import { Thumb } from './thumb.tsx';

/*
 * The lines of a document being edited (a purchase, an other realization): numbered, highlighted
 * while new or modified, flagged after a refused save, with a sum and a remove button at the end.
 */

interface Props<T> {
  /** The columns between «№» and «Сумма». */
  columns: Column[];
  lines: T[];
  testId: string;
  /** data-state: new, modified or same against the saved row. */
  state(line: T): string;
  /** Only after a refused save; a line with a problem is flagged. */
  problem(line: T): string | null;
  sum(line: T): number;
  /** Without it lines cannot be removed and there is no last column. */
  remove?: {
    label: string;
    /** Why this line cannot be removed, if it cannot. */
    blocked?(line: T): string | undefined;
    onRemove(id: string): void;
  };
  /** The middle cells. */
  children(line: T, problem: string | null, n: number): ReactNode;
}

export function DocumentLines<T extends { id: string }>({
  columns,
  lines,
  testId,
  state,
  problem,
  sum,
  remove,
  children,
}: Props<T>) {
  const all = [
    { label: '№', num: true },
    ...columns,
    { label: 'Сумма', num: true },
    ...(remove ? [{ label: 'Удалить', unnamed: true }] : []),
  ];
  return (
    <DataTable
      columns={all}
      rows={lines}
      testId={testId}
      rowProps={(l) => ({
        className: lineClass,
        'data-state': state(l),
        'data-flagged': problem(l) ? true : undefined,
      })}
    >
      {(l, i) => {
        const n = i + 1;
        const blocked = remove?.blocked?.(l);
        return (
          <>
            <td className={`${td} ${num}`}>{n}</td>
            {children(l, problem(l), n)}
            <td className={`${td} ${num}`}>{formatRoubles(sum(l))}</td>
            {remove && (
              <td className={td}>
                <Button
                  variant="danger"
                  disabled={blocked !== undefined}
                  title={blocked}
                  aria-label={`${remove.label} ${n}`}
                  onClick={() => remove.onRemove(l.id)}
                >
                  ✕
                </Button>
              </td>
            )}
          </>
        );
      }}
    </DataTable>
  );
}

export function LineThumb({ image }: { image?: string | null }) {
  return <Thumb image={image} className={lineThumb} />;
}

export function LineProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <span className={cellError} role="alert">
      {problem}
    </span>
  ) : null;
}

/** A line's count (whole units) or price (kopecks), typed in place; the draft is kept as text until saving. */
export function LineNumberCell({
  label,
  money,
  className,
  invalid,
  max,
  value,
  onValue,
}: {
  label: string;
  money?: boolean;
  className: string;
  invalid?: boolean;
  max?: number;
  value: string;
  onValue(text: string): void;
}) {
  return (
    <td className={`${td} ${num}`}>
      <input
        type="number"
        inputMode={money ? 'decimal' : 'numeric'}
        min={0}
        step={money ? '0.01' : 1}
        max={max}
        className={className}
        aria-label={label}
        aria-invalid={invalid ? true : undefined}
        value={value}
        onChange={(e) => onValue(e.target.value)}
      />
    </td>
  );
}
