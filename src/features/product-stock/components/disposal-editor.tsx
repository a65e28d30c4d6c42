import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { button } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { parseNumber } from '../../../stock/rules.ts';
import { setDisposalCount, setDisposalPrice } from '../../../stock/update-disposal.ts';
import { useDisposal } from '../api/use-stock-rows.ts';
import { BlurInput } from './blur-input.tsx';
import { FormPage } from './form-page.tsx';

/** /product/{id}/disposal/{disposal_id}: one write-off, count and price saved on blur. */
export function DisposalEditor({ productId, disposalId }: { productId: string; disposalId: string }) {
  const found = useDisposal(disposalId);
  const row = found?.row;
  return (
    <FormPage productId={productId} title="Списание">
      {found && !row && <Muted>Списание не найдено: возможно, оно удалено.</Muted>}
      {row && (
        <>
          <p>Списание от {formatDateTime(row.datetime)}</p>
          <p>
            Количество: <BlurInput label="Количество" value={row.count} min={1} step={1} onSave={(t) => setDisposalCount(row, parseNumber(t))} />
          </p>
          <p>
            Цена, ₽: <BlurInput label="Цена" value={row.price} min={0} step="0.01" onSave={(t) => setDisposalPrice(row, parseNumber(t))} />
          </p>
        </>
      )}
      <Link className={button.secondary} to="/product/$productId" params={{ productId }} search={{ td: 4 }}>
        К списаниям товара
      </Link>
    </FormPage>
  );
}
