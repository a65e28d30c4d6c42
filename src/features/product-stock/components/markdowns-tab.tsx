import { Link } from '@tanstack/react-router';
import { formatDateTime, formatRoubles } from '../../../lib/format.ts';
import { button } from '../../../ui/controls.css.ts';
import { markdownTotal } from '../api/totals.ts';
import { deleteMarkdown, updateMarkdown } from '../../../stock/update-markdown.ts';
import { useProductMarkdowns } from '../api/use-stock-rows.ts';
import { BlurInput } from './blur-input.tsx';
import { DeleteCell, PriceCell } from './row-cells.tsx';
import { RowsTab } from './rows-tab.tsx';
import { checkbox, foot, td } from './stock.css.ts';
import { useSeesCosts } from '../../../lib/permissions.ts';
import { authorName } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';

const columns = [
  { label: 'Цена, ₽', num: true },
  { label: 'Цена уценки, ₽', num: true },
  { label: 'Описание' },
  { label: 'Продана' },
  { label: 'Действия', unnamed: true },
];

/** Tab 3 «Уценка»: prices and description save on blur, «Продана» on change. */
export function MarkdownsTab({ productId }: { productId: string }) {
  const rows = useProductMarkdowns(productId);
  const costs = useSeesCosts();
  const members = useMemberNames();
  if (!rows) return null;
  return (
    <RowsTab
      add={
        <Link
          className={button.primary}
          to="/product/$productId/markdown/$markdownId"
          params={{ productId, markdownId: 'new' }}
        >
          + Уценить
        </Link>
      }
      columns={columns}
      rows={rows}
      testId="markdown-row"
      empty="Уценок нет."
      when={(r) => formatDateTime(r.datetime)}
      author={(r) => authorName(members?.names, r.created_by)}
      dateCell={(r, when) => (
        <Link to="/product/$productId/markdown/$markdownId" params={{ productId, markdownId: r.id }}>
          {when}
        </Link>
      )}
      foot={
        <p className={foot} data-testid="markdown-total">
          Уценок: {rows.length}
          {costs && `, сумма уценки ${formatRoubles(markdownTotal(rows))}`}
        </p>
      }
    >
      {(r, when) => (
        <>
          <PriceCell label="Цена" when={when} value={r.price} onSave={(n) => updateMarkdown(r, { price: n })} />
          <PriceCell
            label="Цена уценки"
            when={when}
            value={r.markdown_price}
            onSave={(n) => updateMarkdown(r, { markdown_price: n })}
          />
          <td className={td}>
            <BlurInput
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
          <DeleteCell what="уценку" when={when} onDelete={() => deleteMarkdown(r)} />
        </>
      )}
    </RowsTab>
  );
}
