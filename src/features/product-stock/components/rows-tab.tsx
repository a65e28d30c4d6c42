import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../../ui/data-table.tsx';
import { author as authorClass, dateTd } from './stock.css.ts';

interface Props<T> {
  /** Above the rows: the add form, or the link to the form page. */
  add: ReactNode;
  /** The first column's heading: the rows' moment. */
  dateLabel?: string;
  /** After the date column, which every such tab starts with. */
  columns: Column[];
  rows: T[];
  testId: string;
  empty: string;
  /** The row's moment as the date column shows it; the fields' accessible names end with it. */
  when(row: T): string;
  /** The date cell's content when it is more than the text, e.g. a link to the row's form. */
  dateCell?(row: T, when: string): ReactNode;
  /**
   * Who made the row, by name: under its date rather than in a column of its own, so the row's fields and
   * buttons still fit beside it without a sideways scroll.
   */
  author?(row: T): string;
  rowClass?(row: T): string;
  /** The cells after the date. */
  children(row: T, when: string): ReactNode;
  /** Below the rows: the tab's totals. */
  foot: ReactNode;
}

/** A product tab of dated rows edited in place (markdowns, disposals, reserves, sales). */
export function RowsTab<T extends { id: string }>({
  add,
  dateLabel = 'Дата',
  columns,
  rows,
  testId,
  empty,
  when,
  dateCell,
  author,
  rowClass,
  children,
  foot,
}: Props<T>) {
  return (
    <div>
      {add}
      <DataTable
        columns={[{ label: dateLabel }, ...columns]}
        rows={rows}
        testId={testId}
        empty={empty}
        rowProps={rowClass && ((r) => ({ className: rowClass(r) }))}
      >
        {(r) => {
          const shown = when(r);
          return (
            <>
              <td className={dateTd}>
                {dateCell ? dateCell(r, shown) : shown}
                {author && (
                  <span className={authorClass} data-testid="author" title="Кто">
                    {author(r)}
                  </span>
                )}
              </td>
              {children(r, shown)}
            </>
          );
        }}
      </DataTable>
      {foot}
    </div>
  );
}
