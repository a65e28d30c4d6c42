import { formatDateTime, formatMoment } from '../../../lib/format.ts';
import { imageSrc } from '../../../lib/image-src.ts';
import type { MarkdownLine } from '../api/types.ts';
import { parseNumber } from '../../../stock/rules.ts';
import { updateMarkdown } from '../../../stock/update-markdown.ts';
import { checkbox, num, table, tableWrap, td, th, thumb } from './markdowns.css.ts';
import { SavedField } from './saved-field.tsx';

/** /markdown rows: description and prices save on blur, «Продана» on change. */
export function MarkdownsTable({ rows, receivedAt }: { rows: MarkdownLine[]; receivedAt: Map<string, string> }) {
  return (
    <div className={tableWrap}>
      <table className={table}>
        <thead>
          <tr>
            <th className={th}>Фото</th>
            <th className={th}>Название</th>
            <th className={th}>Артикул</th>
            <th className={th}>Описание</th>
            <th className={th}>Дата поступления</th>
            <th className={`${th} ${num}`}>Кол-во</th>
            <th className={`${th} ${num}`}>Себестоимость, ₽</th>
            <th className={`${th} ${num}`}>Цена уценки, ₽</th>
            <th className={th}>Продана</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const received = r.lot_id ? receivedAt.get(r.lot_id) : undefined;
            const who = `${r.name || 'товар'}, ${formatDateTime(r.datetime)}`;
            return (
              <tr key={r.id} data-testid="markdown-line">
                <td className={td}>{r.image ? <img className={thumb} src={imageSrc(r.image)} alt="" loading="lazy" /> : <span className={thumb} />}</td>
                <td className={td}>{r.name}</td>
                <td className={td}>{r.articles.join(', ')}</td>
                <td className={td}>
                  <SavedField type="text" label={`Описание: ${who}`} value={r.description} onSave={(t) => updateMarkdown(r, { description: t })} />
                </td>
                <td className={td}>{received ? formatMoment(received) : '—'}</td>
                <td className={`${td} ${num}`}>{r.count}</td>
                <td className={`${td} ${num}`}>
                  <SavedField label={`Себестоимость: ${who}`} value={r.price} onSave={(t) => updateMarkdown(r, { price: parseNumber(t) })} />
                </td>
                <td className={`${td} ${num}`}>
                  <SavedField label={`Цена уценки: ${who}`} value={r.markdown_price} onSave={(t) => updateMarkdown(r, { markdown_price: parseNumber(t) })} />
                </td>
                <td className={td}>
                  <input
                    type="checkbox"
                    className={checkbox}
                    aria-label={`Продана: ${who}`}
                    checked={r.release}
                    onChange={(e) => void updateMarkdown(r, { release: e.target.checked })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
