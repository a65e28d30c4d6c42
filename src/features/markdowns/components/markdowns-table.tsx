import { formatDateTime, formatMoment } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { Thumb } from '../../../ui/thumb.tsx';
import type { MarkdownLine } from '../api/types.ts';
import { updateMarkdown } from '../../../stock/update-markdown.ts';
import { checkbox, compact, num, td, thumb } from './markdowns.css.ts';
import { SavedField, SavedPrice } from './saved-field.tsx';
import { hasCost, HIDDEN_COST } from '../../../ui/cost.ts';
import { AUTHOR_COLUMN, authorName } from '../../../ui/members.tsx';

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
  { label: AUTHOR_COLUMN },
];

/**
 * /markdown rows: description and prices save on blur, «Продана» on change; who made each. A price the member may
 * not see reads «—», with no field.
 */
export function MarkdownsTable({
  rows,
  receivedAt,
  names,
}: {
  rows: MarkdownLine[];
  receivedAt: Map<string, string>;
  names?: ReadonlyMap<string, string>;
}) {
  return (
    <DataTable columns={columns} rows={rows} testId="markdown-line" rowProps={() => ({ className: compact })}>
      {(r) => {
        const received = r.lot_id ? receivedAt.get(r.lot_id) : undefined;
        const who = `${r.name || 'товар'}, ${formatDateTime(r.datetime)}`;
        return (
          <>
            <td className={td}>
              <Thumb image={r.image} className={thumb} />
            </td>
            <td className={td} data-cell="name">
              {r.name}
            </td>
            <td className={td} data-label="Артикул">
              {r.articles.join(', ')}
            </td>
            <td className={td} data-label="Описание">
              <SavedField
                label={`Описание: ${who}`}
                value={r.description}
                onSave={(t) => updateMarkdown(r, { description: t })}
              />
            </td>
            <td className={td} data-label="Дата поступления">
              {received ? formatMoment(received) : '—'}
            </td>
            <td className={`${td} ${num}`} data-label="Кол-во">
              {r.count}
            </td>
            <td className={`${td} ${num}`} data-label="Себестоимость, ₽">
              {hasCost(r.price) ? (
                <SavedPrice
                  label={`Себестоимость: ${who}`}
                  value={r.price}
                  onSave={(price) => updateMarkdown(r, { price })}
                />
              ) : (
                HIDDEN_COST
              )}
            </td>
            <td className={`${td} ${num}`} data-label="Цена уценки, ₽">
              {hasCost(r.markdown_price) ? (
                <SavedPrice
                  label={`Цена уценки: ${who}`}
                  value={r.markdown_price}
                  onSave={(markdown_price) => updateMarkdown(r, { markdown_price })}
                />
              ) : (
                HIDDEN_COST
              )}
            </td>
            <td className={td} data-label="Продана">
              <input
                type="checkbox"
                className={checkbox}
                aria-label={`Продана: ${who}`}
                checked={r.release}
                onChange={(e) => void updateMarkdown(r, { release: e.target.checked })}
              />
            </td>
            <td className={td} data-label={AUTHOR_COLUMN}>
              {authorName(names, r.created_by)}
            </td>
          </>
        );
      }}
    </DataTable>
  );
}
