import { useProductStock } from '../../../stock/projected-stock.ts';
import { formatAmount, formatMoment } from '../../../lib/format.ts';
import { setLotCount, setLotPrice } from '../../../stock/update-lot.ts';
import { BlurNumber } from './blur-input.tsx';
import { PriceField, RowPage } from './row-page.tsx';

/** /product/{id}/inventory/{lot_id}: one lot, remaining count and price saved on blur. */
export function LotEditor({ productId, lotId }: { productId: string; lotId: string }) {
  const stock = useProductStock(productId);
  return (
    <RowPage
      productId={productId}
      title="Партия"
      row={stock && (stock.lots.find((l) => l.id === lotId) ?? null)}
      notFound="Партия не найдена: возможно, она удалена."
      back={{ td: 2, label: 'К учёту товара' }}
    >
      {(lot) => (
        <>
          <p>
            Поступление {formatMoment(lot.created_at)}: {formatAmount(lot.count_max)} шт.
          </p>
          <p>
            Остаток, шт.: <BlurNumber label="Остаток" value={lot.count} integer onSave={(n) => setLotCount(lot, n)} />
          </p>
          <PriceField value={lot.price} onSave={(price) => setLotPrice(lot, price)} />
        </>
      )}
    </RowPage>
  );
}
