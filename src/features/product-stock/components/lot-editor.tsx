import { Link } from '@tanstack/react-router';
import { useProductStock } from '../../../stock/projected-stock.ts';
import { formatAmount, formatMoment } from '../../../lib/format.ts';
import { button } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { parseNumber } from '../../../stock/rules.ts';
import { setLotCount, setLotPrice } from '../../../stock/update-lot.ts';
import { BlurInput } from './blur-input.tsx';
import { FormPage } from './form-page.tsx';

/** /product/{id}/inventory/{lot_id}: one lot, remaining count and price saved on blur. */
export function LotEditor({ productId, lotId }: { productId: string; lotId: string }) {
  const stock = useProductStock(productId);
  const lot = stock?.lots.find((l) => l.id === lotId);
  return (
    <FormPage productId={productId} title="Партия">
      {stock && !lot && <Muted>Партия не найдена: возможно, она удалена.</Muted>}
      {lot && (
        <>
          <p>
            Поступление {formatMoment(lot.created_at)}: {formatAmount(lot.count_max)} шт.
          </p>
          <p>
            Остаток, шт.: <BlurInput label="Остаток" value={lot.count} min={0} max={lot.count_max} step={1} onSave={(t) => setLotCount(lot, parseNumber(t))} />
          </p>
          <p>
            Цена, ₽: <BlurInput label="Цена" value={lot.price} min={0} step="0.01" onSave={(t) => setLotPrice(lot, parseNumber(t))} />
          </p>
        </>
      )}
      <Link className={button.secondary} to="/product/$productId" params={{ productId }} search={{ td: 2 }}>
        К учёту товара
      </Link>
    </FormPage>
  );
}
