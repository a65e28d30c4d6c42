import { formatAmount, formatDay } from '../../../lib/format.ts';
import { formatCost } from '../../../ui/cost.ts';
import { AUTHOR_COLUMN, authorName } from '../../../ui/members.tsx';
import type { BatchRow } from '../api/batch-list.ts';
import { imageSrc } from '../../../lib/image-src.ts';
import { clickable, linkButton, more, num, table, td, th, thumb, thumbs } from './batches.css.ts';
import { ScrollArea } from '../../../ui/scroll-area.tsx';

/**
 * The documents: number, date, up to 5 product pictures and «+N», total quantity and sum (docs/screens.md «Адреса»),
 * and who made each. No sum for a member without leave to see costs.
 */
export function BatchesTable({
  rows,
  onOpen,
  seesCosts = true,
  names,
}: {
  rows: BatchRow[];
  onOpen(row: BatchRow): void;
  seesCosts?: boolean;
  names?: ReadonlyMap<string, string>;
}) {
  return (
    <ScrollArea>
      <table className={table}>
        <thead>
          <tr>
            <th className={`${th} ${num}`}>№</th>
            <th className={th}>Дата</th>
            <th className={th}>Товары</th>
            <th className={`${th} ${num}`}>Количество</th>
            {seesCosts && <th className={`${th} ${num}`}>Сумма</th>}
            <th className={th}>{AUTHOR_COLUMN}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={clickable} data-testid="batch-row" onClick={() => onOpen(r)}>
              <td className={`${td} ${num}`}>{r.number}</td>
              <td className={td}>
                {/* Focusable for the keyboard; its click reaches the row. */}
                <button
                  type="button"
                  className={linkButton}
                  aria-label={`Документ № ${r.number} от ${formatDay(r.date)}`}
                >
                  {formatDay(r.date)}
                </button>
              </td>
              <td className={td}>
                <span className={thumbs}>
                  {r.thumbnails.map((src, i) => (
                    <img
                      key={i}
                      className={thumb}
                      src={imageSrc(src)}
                      alt=""
                      loading="lazy"
                      data-testid="batch-thumbnail"
                    />
                  ))}
                  {r.more > 0 && <span className={more}>+{r.more}</span>}
                </span>
              </td>
              <td className={`${td} ${num}`}>{formatAmount(r.total_count)}</td>
              {seesCosts && <td className={`${td} ${num}`}>{formatCost(r.total_sum)}</td>}
              <td className={td}>{authorName(names, r.created_by)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
