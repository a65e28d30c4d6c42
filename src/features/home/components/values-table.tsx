import { details, num, summary, table, tableCaption, rowHead, tableWrap, td, th } from './home.css.ts';

export interface ValuesRow {
  key: string;
  cells: string[];
}

/**
 * A chart's figures as a table behind «Показать таблицей»: closed it stays out of the way, opened it
 * reads exactly and to a screen reader; the first column is the row's heading.
 */
export function ValuesTable({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string;
  head: string[];
  rows: ValuesRow[];
  testId: string;
}) {
  return (
    <details className={details}>
      <summary className={summary}>Показать таблицей</summary>
      <div className={tableWrap}>
        <table className={table} data-testid={testId}>
          <caption className={tableCaption}>{caption}</caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} className={i === 0 ? th : `${th} ${num}`} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                {r.cells.map((c, i) =>
                  i === 0 ? (
                    <th key={i} className={`${td} ${rowHead}`} scope="row">
                      {c}
                    </th>
                  ) : (
                    <td key={i} className={`${td} ${num}`}>
                      {c}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
