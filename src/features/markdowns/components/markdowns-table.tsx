import { formatDateTime, formatMoment } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { Thumb } from '../../../ui/thumb.tsx';
import type { MarkdownLine } from '../api/types.ts';
import { parseNumber } from '../../../stock/rules.ts';
import { updateMarkdown } from '../../../stock/update-markdown.ts';
import { checkbox, num, td, thumb } from './markdowns.css.ts';
import { SavedField } from './saved-field.tsx';

const columns = [
  { label: 'Фото' },
  { label: 'Название', sticky: true },
  { label: 'Артикул' },
  { label: 'Описание' },
  { label: 'Дата поступления' },
  { label: 'Кол-во', num: true },
  { label: 'Себестоимость, ₽', num: true },
  { label: 'Цена уценки, ₽', num: true },
  { label: 'Продана' },
];

/** /markdown rows: description and prices save on blur, «Продана» on change. */
export function MarkdownsTable({ rows, receivedAt }: { rows: MarkdownLine[]; receivedAt: Map<string, string> }) {
  return (
    <DataTable columns={columns} rows={rows} testId="markdown-line">
      {(r) => {
        const received = r.lot_id ? receivedAt.get(r.lot_id) : undefined;
        const who = `${r.name || 'товар'}, ${formatDateTime(r.datetime)}`;
        return (
          <>
            <td className={td}>
              <Thumb image={r.image} className={thumb} />
            </td>
            <td className={td}>{r.name}</td>
            <td className={td}>{r.articles.join(', ')}</td>
            <td className={td}>
              <SavedField
                type="text"
                label={`Описание: ${who}`}
                value={r.description}
                onSave={(t) => updateMarkdown(r, { description: t })}
              />
            </td>
            <td className={td}>{received ? formatMoment(received) : '—'}</td>
            <td className={`${td} ${num}`}>{r.count}</td>
            <td className={`${td} ${num}`}>
              <SavedField
                label={`Себестоимость: ${who}`}
                value={r.price}
                onSave={(t) => updateMarkdown(r, { price: parseNumber(t) })}
              />
            </td>
            <td className={`${td} ${num}`}>
              <SavedField
                label={`Цена уценки: ${who}`}
                value={r.markdown_price}
                onSave={(t) => updateMarkdown(r, { markdown_price: parseNumber(t) })}
              />
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
          </>
        );
      }}
    </DataTable>
  );
}
