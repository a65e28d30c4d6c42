import { formatDateTime } from '../../../lib/format.ts';
import { setDisposalCount, setDisposalPrice } from '../../../stock/update-disposal.ts';
import { useDisposal } from '../api/use-stock-rows.ts';
import { BlurNumber } from './blur-input.tsx';
import { PriceField, RowPage } from './row-page.tsx';

/** /product/{id}/disposal/{disposal_id}: one write-off, count and price saved on blur. */
export function DisposalEditor({ productId, disposalId }: { productId: string; disposalId: string }) {
  const found = useDisposal(disposalId);
  return (
    <RowPage
      productId={productId}
      title="Списание"
      row={found && (found.row ?? null)}
      notFound="Списание не найдено: возможно, оно удалено."
      back={{ td: 4, label: 'К списаниям товара' }}
    >
      {(row) => (
        <>
          <p>Списание от {formatDateTime(row.datetime)}</p>
          <p>
            Количество:{' '}
            <BlurNumber label="Количество" value={row.count} integer onSave={(n) => setDisposalCount(row, n)} />
          </p>
          <PriceField value={row.price} onSave={(price) => setDisposalPrice(row, price)} />
        </>
      )}
    </RowPage>
  );
}
