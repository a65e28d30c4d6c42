import type { ReactNode } from 'react';
import { formatCost } from './cost.ts';
import { parseDecimal } from '../lib/number-text.ts';
import { Button } from './button.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { NumberInput } from './number-field.tsx';
import { cellError, compactFew, compactMany, line as lineClass, lineThumb, num, td } from './table.css.ts';
import { Thumb } from './thumb.tsx';

/*
 * The lines of a document being edited (a purchase, an other realization): numbered, highlighted
 * while new or modified, flagged after a refused save, with a sum and a remove button at the end.
 */

interface Props<T> {
  /** The columns between «№» and «Сумма». */
  columns: Column[];
  /**
   * Many columns (more than a count and a price): the lines turn compact (src/ui/table.css.ts) in a box
   * narrower than 1000 px rather than 760 px. The cells label themselves there by `data-label`.
   */
  wide?: boolean;
  lines: T[];
  testId: string;
  /** data-state: new, modified or same against the saved row. */
  state(line: T): string;
  /** Only after a refused save; a line with a problem is flagged. */
  problem(line: T): string | null;
  /** The line's sum; without it (a member who does not see costs) there is no «Сумма» column. */
  sum?(line: T): number;
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
  wide,
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
    ...(sum ? [{ label: 'Сумма', num: true }] : []),
    ...(remove ? [{ label: 'Удалить', unnamed: true }] : []),
  ];
  return (
    <DataTable
      columns={all}
      rows={lines}
      testId={testId}
      rowProps={(l) => ({
        className: `${lineClass} ${wide ? compactMany : compactFew}`,
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
            {sum && (
              <td className={`${td} ${num}`} data-label="Сумма">
                {formatCost(sum(l))}
              </td>
            )}
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

/**
 * A line's count (whole units) or price (kopecks), typed in place; the draft is kept as text until
 * saving. A typed number reaches the draft as the line model reads it («1 200,5» as «1200.5»), text
 * that is no number as typed (the line model reads it as 0, and the field says what is wrong).
 */
export function LineNumberCell({
  column,
  label,
  money,
  className,
  invalid,
  placeholder,
  value,
  onValue,
}: {
  /** The column's heading: the field's label on a compact line. */
  column: string;
  label: string;
  money?: boolean;
  className: string;
  invalid?: boolean;
  /** Said in the empty field, e.g. «—» for a price the member may not see. */
  placeholder?: string;
  value: string;
  onValue(text: string): void;
}) {
  const number = parseDecimal(value);
  return (
    <td className={`${td} ${num}`} data-label={column}>
      <NumberInput
        integer={!money}
        className={className}
        aria-label={label}
        aria-invalid={invalid ? true : undefined}
        placeholder={placeholder}
        value={number}
        text={number !== null && Number.isNaN(number) ? value : undefined}
        onValue={(n, typed) => onValue(n === null ? '' : Number.isNaN(n) ? typed : String(n))}
      />
    </td>
  );
}
