import { Link } from '@tanstack/react-router';
import { formatDateTime, formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { button } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { parseNumber } from '../../../stock/rules.ts';
import { markdownTotal } from '../api/totals.ts';
import { deleteMarkdown, updateMarkdown } from '../../../stock/update-markdown.ts';
import { useProductMarkdowns } from '../api/use-stock-rows.ts';
import { BlurInput } from './blur-input.tsx';
import { checkbox, foot, num, table, tableWrap, td, th } from './stock.css.ts';

/** Tab 3 «Уценка»: prices and description save on blur, «Продана» on change. */
export function MarkdownsTab({ productId }: { productId: string }) {
  const rows = useProductMarkdowns(productId);
  if (!rows) return null;
  return (
    <div>
      <Link className={button.primary} to="/product/$productId/markdown/$markdownId" params={{ productId, markdownId: 'new' }}>
        + Уценить
      </Link>
      {rows.length === 0 ? (
        <Muted>Уценок нет.</Muted>
      ) : (
        <div className={tableWrap}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Дата</th>
                <th className={`${th} ${num}`}>Цена, ₽</th>
                <th className={`${th} ${num}`}>Цена уценки, ₽</th>
                <th className={th}>Описание</th>
                <th className={th}>Продана</th>
                <th className={th} aria-label="Действия" />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const when = formatDateTime(r.datetime);
                return (
                  <tr key={r.id} data-testid="markdown-row">
                    <td className={td}>
                      <Link to="/product/$productId/markdown/$markdownId" params={{ productId, markdownId: r.id }}>
                        {when}
                      </Link>
                    </td>
                    <td className={`${td} ${num}`}>
                      <BlurInput label={`Цена, ${when}`} value={r.price} min={0} step="0.01" onSave={(t) => updateMarkdown(r, { price: parseNumber(t) })} />
                    </td>
                    <td className={`${td} ${num}`}>
                      <BlurInput
                        label={`Цена уценки, ${when}`}
                        value={r.markdown_price}
                        min={0}
                        step="0.01"
                        onSave={(t) => updateMarkdown(r, { markdown_price: parseNumber(t) })}
                      />
                    </td>
                    <td className={td}>
                      <BlurInput
                        type="text"
                        label={`Описание, ${when}`}
                        value={r.description}
                        maxLength={5000}
                        onSave={(t) => updateMarkdown(r, { description: t })}
                      />
                    </td>
                    <td className={td}>
                      <input
                        type="checkbox"
                        className={checkbox}
                        aria-label={`Продана, ${when}`}
                        checked={r.release}
                        onChange={(e) => void updateMarkdown(r, { release: e.target.checked })}
                      />
                    </td>
                    <td className={td}>
                      <Button variant="danger" aria-label={`Удалить уценку ${when}`} title="Удалить" onClick={() => void deleteMarkdown(r)}>
                        🗑
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className={foot} data-testid="markdown-total">
        Уценок: {rows.length}, сумма уценки {formatRoubles(markdownTotal(rows))}
      </p>
    </div>
  );
}
