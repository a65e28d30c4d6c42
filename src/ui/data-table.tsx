import type { ComponentProps, ReactNode } from 'react';
import { Muted } from './page.tsx';
import { ScrollArea } from './scroll-area.tsx';
import { num, sortButton, table, th } from './table.css.ts';

export interface Column {
  label: string;
  /** Numbers align right. */
  num?: boolean;
  /** A column of buttons: no visible heading, the label names it for screen readers. */
  unnamed?: boolean;
  /** A column the rows can be ordered by: its heading is a button, the arrow shows the current order. */
  sort?: { direction: 'ascending' | 'descending' | undefined; onSort(): void };
  /** The column that stays in view while a table too wide for the screen scrolls sideways (the product's name). */
  sticky?: boolean;
}

const arrow = { ascending: ' ▲', descending: ' ▼' };

function Heading({ column: c }: { column: Column }) {
  const className = c.num ? `${th} ${num}` : th;
  if (c.unnamed) return <th className={className} aria-label={c.label} />;
  if (!c.sort) return <th className={className}>{c.label}</th>;
  const { direction, onSort } = c.sort;
  return (
    <th className={className} aria-sort={direction}>
      <button type="button" className={sortButton} onClick={onSort}>
        {c.label}
        {direction && arrow[direction]}
      </button>
    </th>
  );
}

type RowAttributes = Omit<ComponentProps<'tr'>, 'children'> & Record<`data-${string}`, string | boolean | undefined>;

interface Props<T> {
  columns: Column[];
  rows: T[];
  /** The rows' data-testid, which the page models find them by. */
  testId: string;
  /** Shown instead of the table when there are no rows; without it an empty table is drawn. */
  empty?: string;
  /** Per row: class, data-state and the like. */
  rowProps?(row: T, index: number): RowAttributes;
  /** The row's cells. */
  children(row: T, index: number): ReactNode;
}

/** The one way the screens draw a list of rows: wrapper, heading row, one <tr> per row. */
export function DataTable<T extends { id: string }>({ columns, rows, testId, empty, rowProps, children }: Props<T>) {
  if (empty !== undefined && rows.length === 0) return <Muted>{empty}</Muted>;
  const sticky = columns.findIndex((c) => c.sticky);
  return (
    <ScrollArea>
      <table className={table} data-sticky={sticky < 0 ? undefined : sticky + 1}>
        <thead>
          <tr>
            {columns.map((c) => (
              <Heading key={c.label} column={c} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.id} data-testid={testId} {...rowProps?.(r, i)}>
              {children(r, i)}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
