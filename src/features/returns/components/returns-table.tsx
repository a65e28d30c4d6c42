import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatDay, formatMoment } from '../../../lib/format.ts';
import { formatCost, hasCost, HIDDEN_COST } from '../../../ui/cost.ts';
import { AUTHOR_COLUMN, authorName } from '../../../ui/members.tsx';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { Button } from '../../../ui/button.tsx';
import { button } from '../../../ui/controls.css.ts';
import { BlurNumberField } from '../../../ui/number-field.tsx';
import type { SaveOutcome } from '../../../ui/blur-field.tsx';
import { ScrollArea } from '../../../ui/scroll-area.tsx';
import { OrderSale } from './order-sale.tsx';
import { Thumb } from '../../../ui/thumb.tsx';
import {
  isReceivable,
  outcomeVerbs,
  receivable,
  statusLabels,
  type Receivable,
  type ReturnLine,
} from '../api/types.ts';
import {
  actions,
  cardLabel,
  cards,
  cellInput,
  field,
  line,
  num,
  priceFields,
  select,
  small,
  table,
  td,
  th,
  thumb,
  warn,
} from './returns.css.ts';

export interface ReturnsTableProps {
  rows: ReturnLine[];
  firstNumber: number;
  /** Rows flagged after a refused receipt (docs/rules.md «Возвраты»). */
  flagged: ReadonlySet<string>;
  /** A status other than «нет» was chosen: the price dialog opens. */
  onStatus(row: ReturnLine, status: Receivable | null): void;
  onPrice(row: ReturnLine, field: 'price' | 'markdown_price', value: number): Promise<SaveOutcome>;
  onDelete(row: ReturnLine): void;
  onRestore(row: ReturnLine): void;
  /** Members by id, for who entered each return. */
  names?: ReadonlyMap<string, string>;
}

/**
 * /returns rows (docs/screens.md «Адреса»): number, date, shipment, picture, name, article, description, count,
 * status, prices, who entered it, actions. In a box narrower than 1100 px each row is a card of named grid areas
 * (./returns.css.ts), so every card puts every field in the same place, each field labelled on the card.
 */
export function ReturnsTable(props: ReturnsTableProps) {
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
            <th className={th}>{AUTHOR_COLUMN}</th>
            <th className={th} aria-label="Действия" />
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r, i) => (
            <ReturnRow key={r.id} row={r} number={props.firstNumber + i} {...props} />
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

function ReturnRow({
  row: r,
  number,
  flagged,
  onStatus,
  onPrice,
  onDelete,
  onRestore,
  names,
}: ReturnsTableProps & { row: ReturnLine; number: number }) {
  const id = useId();
  const who = `возврат ${number}${r.title ? `, ${r.title}` : ''}`;
  const deleted = r.status === 'deleted';
  const open = !r.processed && r.linked && !deleted;
  return (
    <tr
      className={line}
      data-testid="return-line"
      data-return-id={r.id}
      data-flagged={flagged.has(r.id) ? true : undefined}
      data-processed={r.processed ? true : undefined}
    >
      <td className={`${td} ${num}`} data-cell="number">
        {number}
      </td>
      <td className={td} data-cell="date" data-label="Дата">
        {formatMoment(r.date)}
      </td>
      <td className={td} data-cell="shipment" data-label="Отправление">
        {r.order_number || '—'}
        {r.sale && <OrderSale sale={r.sale} />}
      </td>
      <td className={td} data-cell="thumb">
        <Thumb image={r.image} className={thumb} />
      </td>
      <td className={td} data-cell="name">
        {r.title}
        {!r.linked && (
          <span className={warn} data-testid="unlinked">
            Не связан с товаром склада{r.marketplace ? ` (${marketplaceName(r.marketplace)})` : ''}: оприходовать нельзя
          </span>
        )}
      </td>
      <td className={td} data-cell="article" data-label="Артикул">
        {r.article || '—'}
      </td>
      <td className={td} data-cell="description" data-label="Описание">
        {r.description}
      </td>
      <td className={`${td} ${num}`} data-cell="count" data-label="Кол-во">
        {r.count}
      </td>
      <td className={td} data-cell="status">
        <span className={field}>
          <label className={cardLabel} htmlFor={`${id}-status`}>
            Статус
          </label>
          <select
            id={`${id}-status`}
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
        </span>
      </td>
      <td className={td} data-cell="price">
        {r.processed ? (
          <Outcome row={r} />
        ) : (
          open && (
            <span className={priceFields}>
              <span className={field}>
                <label className={cardLabel} htmlFor={`${id}-price`}>
                  Цена, ₽
                </label>
                {/* A price the member may not see: typed in the price dialog (the status), never shown. */}
                {hasCost(r.price) ? (
                  <BlurNumberField
                    id={`${id}-price`}
                    className={cellInput}
                    label={`Цена: ${who}`}
                    value={r.price}
                    onSave={(v) => onPrice(r, 'price', v)}
                  />
                ) : (
                  <span id={`${id}-price`}>{HIDDEN_COST}</span>
                )}
              </span>
              {r.status === 'markdown' && (
                <span className={field}>
                  {/* Shown in the table too: the column's heading names only the first price. */}
                  <label className={small} htmlFor={`${id}-markdown`}>
                    После уценки, ₽
                  </label>
                  {hasCost(r.markdown_price) ? (
                    <BlurNumberField
                      id={`${id}-markdown`}
                      className={cellInput}
                      label={`Цена после уценки: ${who}`}
                      value={r.markdown_price}
                      onSave={(v) => onPrice(r, 'markdown_price', v)}
                    />
                  ) : (
                    <span id={`${id}-markdown`}>{HIDDEN_COST}</span>
                  )}
                </span>
              )}
            </span>
          )
        )}
      </td>
      <td className={td} data-cell="author" data-label={AUTHOR_COLUMN}>
        {authorName(names, r.created_by)}
      </td>
      <td className={td} data-cell="actions">
        <span className={actions}>
          {open && r.status !== 'markdown' && <ReceiveAtLot row={r} who={who} />}
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
        </span>
      </td>
    </tr>
  );
}

/**
 * A processed return: what it became and when (the verb per outcome), its cost and, for a markdown, the price after it.
 */
function Outcome({ row: r }: { row: ReturnLine }) {
  const verb = isReceivable(r.status) ? outcomeVerbs[r.status] : 'Оприходован';
  return (
    <span data-testid="received-at">
      {verb} {r.received_at ? formatDay(r.received_at) : ''}
      <span className={small} data-testid="received-price">
        по цене {formatCost(r.price)}
      </span>
      {r.status === 'markdown' && (
        <span className={small} data-testid="received-markdown-price">
          после уценки {formatCost(r.markdown_price)}
        </span>
      )}
    </span>
  );
}

/**
 * /return/{id}/to/{to}: receive the return at one of its product's lot prices in one step — into stock, or
 * written off when «Списание» is chosen. A markdown needs its own price, so it is not offered there.
 */
function ReceiveAtLot({ row: r, who }: { row: ReturnLine; who: string }) {
  const dispose = r.status === 'disposal';
  const text = dispose ? 'Списать по цене партии' : 'Оприходовать по цене партии';
  return (
    <Link
      className={button.secondary}
      to="/return/$returnId/to/$to"
      params={{ returnId: r.id, to: dispose ? 'to_disposal' : 'to_inventory' }}
      aria-label={`${text}: ${who}`}
      data-testid="receive-at-lot"
    >
      {text}
    </Link>
  );
}
