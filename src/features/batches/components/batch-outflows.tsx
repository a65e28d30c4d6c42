import { formatAmount, formatMoment, formatRoubles } from '../../../lib/format.ts';
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

/** In edit mode: what has already left the batch, read-only (docs/screens.md «Адреса»). */
export function BatchOutflows({ contents, products }: Props) {
  const name = (id: string) => products.get(id)?.name ?? 'Товар не найден';
  return (
    <>
      <Table
        caption="Уценки из партии"
        head={['Дата', 'Товар', 'Цена, ₽', 'Цена уценки, ₽', 'Продана']}
        rows={contents.markdowns.map((m) => [
          formatMoment(m.datetime),
          `${name(m.product_id)}${m.description ? ` — ${m.description}` : ''}`,
          formatRoubles(m.price),
          formatRoubles(m.markdown_price),
          m.release ? 'Да' : 'Нет',
        ])}
      />
      <Table
        caption="Списания из партии"
        head={['Дата', 'Товар', 'Количество', 'Цена, ₽', 'Сумма']}
        rows={contents.disposals.map((d) => [
          formatMoment(d.datetime),
          name(d.product_id),
          formatAmount(d.count),
          formatRoubles(d.price),
          formatRoubles(d.count * d.price),
        ])}
      />
      <Table
        caption="Прочие реализации"
        head={['Маркетплейс', 'Товар', 'Количество', 'Цена реализации, ₽', 'Сумма']}
        rows={contents.otherRealizations.map((o) => [
          marketplaceName(o.marketplace),
          name(o.product_id),
          formatAmount(o.count),
          formatRoubles(o.realization_price),
          formatRoubles(o.count * o.realization_price),
        ])}
      />
    </>
  );
}
