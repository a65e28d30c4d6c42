import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatAmount, formatDay, formatRoubles } from '../../../lib/format.ts';
import { can, seesCosts, useMembership } from '../../../lib/permissions.ts';
import { formatCost } from '../../../ui/cost.ts';
import { AUTHOR_COLUMN, authorName } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';
import { Button } from '../../../ui/button.tsx';
import { row } from '../../../ui/controls.css.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { Muted, NotFoundPage, Page } from '../../../ui/page.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { Thumb } from '../../../ui/thumb.tsx';
import { documentKinds, documentLines, documentTotals, exportBatch } from '../api/batch-document.ts';
import { useBatch } from '../api/use-batch.ts';
import { useProductCatalog } from '../api/use-product-catalog.ts';
import { num, small, td, thumb, totalsLine } from './batches.css.ts';

const TITLE = 'Партия';

/**
 * /inventory/batches/{batch_id}: the document read-only — its kind, date, lines and totals — with
 * «Изменить» (its editor) and «Экспорт», which saves exactly these lines (docs/screens.md «Адреса»).
 */
export function BatchDocumentScreen({ batchId }: { batchId: string }) {
  const navigate = useNavigate();
  const contents = useBatch(batchId);
  const catalog = useProductCatalog();
  const membership = useMembership();
  const members = useMemberNames();
  const lines = useMemo(
    () => (contents && catalog.loaded ? documentLines(contents, catalog.products) : undefined),
    [contents, catalog],
  );
  if (contents === null)
    return (
      <NotFoundPage
        title={TITLE}
        heading="Партия не найдена"
        text="На устройстве нет такой партии: она удалена или ещё не загружена с сервера."
      />
    );
  if (!contents || !lines) return <Page title={TITLE} />;

  const { batch } = contents;
  const totals = documentTotals(lines);
  const other = batch.kind === 'other';
  const costs = seesCosts(membership);
  const edit = () =>
    void (other
      ? navigate({ to: '/other-realizations/edit/$batchId', params: { batchId } })
      : navigate({ to: '/inventory/edit/$batchId', params: { batchId } }));
  const columns = [
    { label: '№', num: true },
    { label: 'Фото' },
    { label: 'Товар', sticky: true },
    { label: 'Количество', num: true },
    { label: other ? 'Цена реализации' : 'Цена', num: true },
    ...(costs ? [{ label: 'Сумма', num: true }] : []),
  ];
  return (
    <Page title={`${documentKinds[batch.kind]} от ${formatDay(batch.date)}`}>
      <div className={toolbar}>
        <Muted>
          {other ? 'Дата реализации' : 'Дата поступления'}: {formatDay(batch.date)} · {AUTHOR_COLUMN}:{' '}
          <span data-testid="document-author">{authorName(members?.names, batch.created_by)}</span>
        </Muted>
        <div className={row}>
          {can(membership, other ? 'otherRealizations' : 'receipts') && <Button onClick={edit}>Изменить</Button>}
          <ExportMenu onExport={(format) => exportBatch(batchId, format)} />
        </div>
      </div>
      <DataTable columns={columns} rows={lines} testId="document-line" empty="В документе нет строк.">
        {(l, i) => (
          <>
            <td className={`${td} ${num}`}>{i + 1}</td>
            <td className={td}>
              <Thumb image={l.image} className={thumb} />
            </td>
            <td className={td}>
              {l.name}
              {l.articles.length > 0 && <span className={small}>{l.articles.join(', ')}</span>}
            </td>
            <td className={`${td} ${num}`}>{formatAmount(l.count)}</td>
            <td className={`${td} ${num}`}>{formatCost(l.price)}</td>
            {costs && <td className={`${td} ${num}`}>{formatCost(l.sum)}</td>}
          </>
        )}
      </DataTable>
      <p className={totalsLine} data-testid="document-totals">
        Итого: {formatAmount(totals.count)} шт.
        {costs && ` на сумму ${formatRoubles(totals.sum)}`}
      </p>
    </Page>
  );
}
