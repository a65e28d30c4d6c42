import { formatAmount, formatMoment } from '../../../lib/format.ts';
import { useSeesCosts } from '../../../lib/permissions.ts';
import { formatCost } from '../../../ui/cost.ts';
import { Muted } from '../../../ui/page.tsx';
import type { CatalogProduct } from '../../../lib/product-catalog.ts';
import type { BatchContents } from '../api/use-batch.ts';
import { num, section, table, td, th } from './batches.css.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { ScrollArea } from '../../../ui/scroll-area.tsx';

interface Props {
  contents: Pick<BatchContents, 'markdowns' | 'disposals' | 'otherRealizations'>;
  products: Map<string, CatalogProduct>;
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <>
      <h2 className={section}>{caption}</h2>
      {rows.length === 0 ? (
        <Muted>Нет</Muted>
      ) : (
        <ScrollArea>
          <table className={table} aria-label={caption}>
            <thead>
              <tr>
                {head.map((h, i) => (
                  <th key={h} className={i >= 2 ? `${th} ${num}` : th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  {r.map((c, j) => (
                    <td key={j} className={j >= 2 ? `${td} ${num}` : td}>
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </>
  );
}

/**
 * In edit mode: what has already left the batch, read-only (docs/screens.md «Адреса»); prices «—» and no sums for a
 * member without leave to see costs.
 */
export function BatchOutflows({ contents, products }: Props) {
  const name = (id: string) => products.get(id)?.name ?? 'Товар не найден';
  const costs = useSeesCosts();
  /** The last (sum) column goes for such a member. */
  const sums = <T,>(cells: T[]) => (costs ? cells : cells.slice(0, -1));
  return (
    <>
      <Table
        caption="Уценки из партии"
        head={['Дата', 'Товар', 'Цена, ₽', 'Цена уценки, ₽', 'Продана']}
        rows={contents.markdowns.map((m) => [
          formatMoment(m.datetime),
          `${name(m.product_id)}${m.description ? ` — ${m.description}` : ''}`,
          formatCost(m.price),
          formatCost(m.markdown_price),
          m.release ? 'Да' : 'Нет',
        ])}
      />
      <Table
        caption="Списания из партии"
        head={sums(['Дата', 'Товар', 'Количество', 'Цена, ₽', 'Сумма'])}
        rows={contents.disposals.map((d) =>
          sums([
            formatMoment(d.datetime),
            name(d.product_id),
            formatAmount(d.count),
            formatCost(d.price),
            formatCost(d.count * d.price),
          ]),
        )}
      />
      <Table
        caption="Прочие реализации"
        head={sums(['Маркетплейс', 'Товар', 'Количество', 'Цена реализации, ₽', 'Сумма'])}
        rows={contents.otherRealizations.map((o) =>
          sums([
            marketplaceName(o.marketplace),
            name(o.product_id),
            formatAmount(o.count),
            formatCost(o.realization_price),
            formatCost(o.count * o.realization_price),
          ]),
        )}
      />
    </>
  );
}
