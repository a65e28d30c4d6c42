import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { notify } from '../../../state/app-state.ts';
import { button, formError } from '../../../ui/controls.css.ts';
import { Heading, Muted, Page } from '../../../ui/page.tsx';
import { Thumb } from '../../../ui/thumb.tsx';
import { receiveReturnAt } from '../api/receive-return-at.ts';
import { isToInventory } from '../api/returns-search.ts';
import { useReturn } from '../api/use-return.ts';
import { useLotPrices } from '../api/use-return-lots.ts';
import { LotButton } from './lot-button.tsx';
import { backLink, bigThumb, lotButtons, product, small } from './returns.css.ts';

/**
 * /return/{return_id}/to/{to} (docs/screens.md «Адреса»): the product's name and picture and one button per lot
 * (price, receipt date, units left; a sold-out lot disabled); a click receives the return at that lot's price
 * (to_inventory) or writes it off (any other `to`), then back to /returns, which a link leads back to as well.
 */
export function ReturnToScreen({ returnId, to }: { returnId: string; to: string }) {
  const navigate = useNavigate();
  const line = useReturn(returnId);
  const lots = useLotPrices(line?.product_id);
  const [error, setError] = useState<string>();
  const heading = isToInventory(to) ? 'Оприходовать товар' : 'Списать товар';

  async function choose(lotId: string) {
    const outcome = await receiveReturnAt(returnId, to, lotId);
    if (!outcome.ok) return setError(outcome.error);
    notify({ type: 'success', text: isToInventory(to) ? 'Возврат оприходован' : 'Возврат списан' }, 3_000);
    await navigate({ to: '/returns' });
  }

  const open = line && !line.processed && line.linked;
  return (
    <Page title="Возврат">
      <Link to="/returns" className={`${button.secondary} ${backLink}`}>
        ← К возвратам
      </Link>
      <Heading>{heading}</Heading>
      {line === null && <Muted>Возврат не найден.</Muted>}
      {line && (
        <>
          <div className={product}>
            <Thumb image={line.image} className={bigThumb} />
            <div>
              <strong data-testid="return-product">{line.title}</strong>
              {line.article && <span className={small}>Артикул: {line.article}</span>}
              <span className={small}>Возврат: {line.count} шт.</span>
            </div>
          </div>
          {line.processed && <Muted>Возврат уже оприходован.</Muted>}
          {!line.linked && <Muted>Возврат не связан с товаром склада: оприходовать его нельзя.</Muted>}
          {open && lots && lots.length === 0 && <Muted>У товара нет партий.</Muted>}
          {open && lots && lots.length > 0 && (
            <Muted>
              {isToInventory(to)
                ? 'Выберите партию: возврат поступит на склад по её цене.'
                : 'Выберите партию: возврат поступит по её цене и сразу будет списан.'}
              {lots.some((l) => l.count <= 0) && ' Распроданную партию выбрать нельзя: в ней не осталось товара.'}
            </Muted>
          )}
          {open && (
            <div className={lotButtons} role="group" aria-label="Партии товара">
              {(lots ?? []).map((l) => (
                <LotButton key={l.id} lot={l} blockEmpty testId="lot-price" onChoose={(lot) => void choose(lot.id)} />
              ))}
            </div>
          )}
          {error && (
            <p className={formError} role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </Page>
  );
}
