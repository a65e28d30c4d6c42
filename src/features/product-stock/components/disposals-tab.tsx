import { Link } from '@tanstack/react-router';
import { formatDateTime, formatRoubles } from '../../../lib/format.ts';
import { button } from '../../../ui/controls.css.ts';
import { disposalTotal } from '../api/totals.ts';
import { deleteDisposal, setDisposalCount, setDisposalPrice } from '../../../stock/update-disposal.ts';
import { useDisposals } from '../api/use-stock-rows.ts';
import { CountCell, CountFoot, DeleteCell, PriceCell } from './row-cells.tsx';
import { RowsTab } from './rows-tab.tsx';
import { num, td } from './stock.css.ts';

const columns = [
  { label: 'Количество', num: true },
  { label: 'Цена, ₽', num: true },
  { label: 'Сумма', num: true },
  { label: 'Действия', unnamed: true },
];

/** Tab 4 «Списание»: count and price save on blur, delete removes the row at once. */
export function DisposalsTab({ productId }: { productId: string }) {
  const rows = useDisposals(productId);
  if (!rows) return null;
  return (
    <RowsTab
      add={
        <Link
          className={button.primary}
          to="/product/$productId/disposal/$disposalId"
          params={{ productId, disposalId: 'new' }}
        >
          + Списать
        </Link>
      }
      columns={columns}
      rows={rows}
      testId="disposal-row"
      empty="Списаний нет."
      when={(r) => formatDateTime(r.datetime)}
      foot={<CountFoot label="Списано" rows={rows} total={disposalTotal(rows)} testId="disposal-total" />}
    >
      {(r, when) => (
        <>
          <CountCell when={when} value={r.count} onSave={(n) => setDisposalCount(r, n)} />
          <PriceCell label="Цена" when={when} value={r.price} onSave={(n) => setDisposalPrice(r, n)} />
          <td className={`${td} ${num}`}>{formatRoubles(r.count * r.price)}</td>
          <DeleteCell what="списание" when={when} onDelete={() => deleteDisposal(r)} />
        </>
      )}
    </RowsTab>
  );
}
