import { formatDay, formatMoment } from '../../../lib/format.ts';
import { BlurField } from '../../../ui/blur-field.tsx';
import { Button } from '../../../ui/button.tsx';
import { isReceivable, receivable, statusLabels, type Receivable, type ReturnLine } from '../api/types.ts';
import { cards, cellInput, line, num, prices, select, small, table, td, th, thumb, warn } from './returns.css.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { ScrollArea } from '../../../ui/scroll-area.tsx';
import { Thumb } from '../../../ui/thumb.tsx';

export interface ReturnsTableProps {
  rows: ReturnLine[];
  firstNumber: number;
  /** Rows flagged after a refused receipt (docs/rules.md «Возвраты»). */
  flagged: ReadonlySet<string>;
  /** A status other than «нет» was chosen: the price dialog opens. */
  onStatus(row: ReturnLine, status: Receivable | null): void;
  onPrice(
    row: ReturnLine,
    field: 'price' | 'markdown_price',
    text: string,
  ): Promise<{ ok: true } | { ok: false; error: string }>;
  onDelete(row: ReturnLine): void;
  onRestore(row: ReturnLine): void;
}

/** /returns rows (docs/screens.md «Адреса»): number, date, shipment, picture, name, article, description, count, status, prices, delete. */
export function ReturnsTable({
  rows,
  firstNumber,
  flagged,
  onStatus,
  onPrice,
  onDelete,
  onRestore,
}: ReturnsTableProps) {
  return (
    <ScrollArea>
      <table className={`${table} ${cards}`} data-sticky={5}>
        <thead>
          <tr>
            <th className={`${th} ${num}`}>№</th>
            <th className={th}>Дата</th>
            <th className={th}>Отправление</th>
            <th className={th}>Фото</th>
            <th className={th}>Название</th>
            <th className={th}>Артикул</th>
            <th className={th}>Описание</th>
            <th className={`${th} ${num}`}>Кол-во</th>
            <th className={th}>Статус</th>
            <th className={th}>Цена, ₽</th>
            <th className={th} aria-label="Удаление" />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const who = `возврат ${firstNumber + i}${r.title ? `, ${r.title}` : ''}`;
            const deleted = r.status === 'deleted';
            return (
              <tr
                key={r.id}
                className={line}
                data-testid="return-line"
                data-return-id={r.id}
                data-flagged={flagged.has(r.id) ? true : undefined}
                data-processed={r.processed ? true : undefined}
              >
                <td className={`${td} ${num}`} data-cell="number">
                  {firstNumber + i}
                </td>
                <td className={td} data-label="Дата">
                  {formatMoment(r.date)}
                </td>
                <td className={td} data-label="Отправление">
                  {r.order_number || '—'}
                </td>
                <td className={td}>
                  <Thumb image={r.image} className={thumb} />
                </td>
                <td className={td} data-cell="name">
                  {r.title}
                  {!r.linked && (
                    <span className={warn} data-testid="unlinked">
                      Не связан с товаром склада{r.marketplace ? ` (${marketplaceName(r.marketplace)})` : ''}:
                      оприходовать нельзя
                    </span>
                  )}
                </td>
                <td className={td} data-label="Артикул">
                  {r.article || '—'}
                </td>
                <td className={td}>{r.description}</td>
                <td className={`${td} ${num}`} data-label="Кол-во">
                  {r.count}
                </td>
                <td className={td}>
                  <select
                    className={select}
                    aria-label={`Статус: ${who}`}
                    value={isReceivable(r.status) ? r.status : ''}
                    disabled={r.processed || !r.linked || deleted}
                    onChange={(e) => onStatus(r, e.target.value === '' ? null : (e.target.value as Receivable))}
                  >
                    <option value="">{deleted ? 'Удалён' : 'Нет'}</option>
                    {receivable.map((s) => (
                      <option key={s} value={s}>
                        {statusLabels[s]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className={td}>
                  {r.processed ? (
                    <span data-testid="received-at">
                      Оприходован {r.received_at ? formatDay(r.received_at) : ''}
                      <span className={small}>по цене {r.price}</span>
                    </span>
                  ) : (
                    r.linked &&
                    !deleted && (
                      <span className={prices}>
                        <BlurField
                          className={cellInput}
                          min={0}
                          step="any"
                          label={`Цена: ${who}`}
                          value={r.price}
                          onSave={(t) => onPrice(r, 'price', t)}
                        />
                        {r.status === 'markdown' && (
                          <BlurField
                            className={cellInput}
                            min={0}
                            step="any"
                            label={`Цена после уценки: ${who}`}
                            value={r.markdown_price}
                            onSave={(t) => onPrice(r, 'markdown_price', t)}
                          />
                        )}
                      </span>
                    )
                  )}
                </td>
                <td className={td}>
                  {!r.processed &&
                    (deleted ? (
                      <Button variant="secondary" onClick={() => onRestore(r)} aria-label={`Восстановить: ${who}`}>
                        Восстановить
                      </Button>
                    ) : (
                      <Button variant="danger" onClick={() => onDelete(r)} aria-label={`Удалить: ${who}`}>
                        Удалить
                      </Button>
                    ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollArea>
  );
}
