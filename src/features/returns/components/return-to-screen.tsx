import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDay, formatRoubles } from '../../../lib/format.ts';
import { notify } from '../../../state/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { Heading, Muted, Page } from '../../../ui/page.tsx';
import { receiveReturnAt } from '../api/receive-return-at.ts';
import { isToInventory } from '../api/returns-search.ts';
import { useReturn } from '../api/use-return.ts';
import { useLotPrices } from '../api/use-return-lots.ts';
import { bigThumb, lotButtons, product } from './returns.css.ts';
import { Thumb } from '../../../ui/thumb.tsx';

/**
 * /return/{return_id}/to/{to} (docs/screens.md «Адреса»): the product's name and picture and one button per lot «по
 * цене N»; a click receives the return at that lot's price (to_inventory) or writes it off (any other
 * `to`), then back to /returns.
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

  return (
    <Page title="Возврат">
      <Heading>{heading}</Heading>
      {line === null && <Muted>Возврат не найден.</Muted>}
      {line && (
        <>
          <div className={product}>
            <Thumb image={line.image} className={bigThumb} />
            <div>
              <strong data-testid="return-product">{line.title}</strong>
              {line.article && <Muted> · {line.article}</Muted>}
              <div>
                <Muted>{line.count} шт.</Muted>
              </div>
            </div>
          </div>
          {line.processed && <Muted>Возврат уже оприходован.</Muted>}
          {!line.linked && <Muted>Возврат не связан с товаром склада: оприходовать его нельзя.</Muted>}
          {!line.processed && line.linked && lots && lots.length === 0 && <Muted>У товара нет партий.</Muted>}
          {!line.processed && line.linked && (
            <div className={lotButtons}>
              {(lots ?? []).map((l) => (
                <Button
                  key={l.id}
                  variant="secondary"
                  title={`Партия от ${formatDay(l.created_at)}`}
                  onClick={() => void choose(l.id)}
                  data-testid="lot-price"
                >
                  по цене {formatRoubles(l.price)}
                </Button>
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
