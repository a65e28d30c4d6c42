import { Link } from '@tanstack/react-router';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { notify } from '../../../state/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { enableOrderIntake } from '../api/enable-intake.ts';
import type { IntakeNotes as Notes } from '../api/order-view.ts';
import { errorNote, note } from './orders.css.ts';
import { useCan } from '../../../lib/permissions.ts';

/**
 * The stores' order intake at the top of /orders: a connected store whose orders do not reserve stock yet (with
 * «Включить»), one whose intake stopped (the reason in red), or that no store is connected at all.
 */
export function IntakeNotes({ intake }: { intake: Notes }) {
  // Turning intake on changes the store: the owner's and the managers'.
  const canEnable = useCan('marketEdit');
  async function enable(storeId: string) {
    const outcome = await enableOrderIntake(storeId);
    if (!outcome.ok) notify({ type: 'error', text: outcome.error }, 10_000);
  }

  if (intake.noConnected)
    return (
      <p className={note} data-testid="no-stores">
        <span>
          Нет подключённых магазинов: заказы приходят из магазинов с маркетплейсом и ключом API.{' '}
          <Link to="/markets">Подключить магазин</Link>
        </span>
      </p>
    );
  return (
    <>
      {intake.off.map((store) => (
        <p key={store.id} className={note} data-testid="intake-off">
          <span>
            Заказы магазина «{store.name}» ({marketplaceName(store.marketplace)}) не резервируют товар сами
          </span>
          {canEnable && (
            <Button
              onClick={() => void enable(store.id)}
              aria-label={`Включить приём заказов магазина «${store.name}»`}
            >
              Включить
            </Button>
          )}
        </p>
      ))}
      {intake.failing.map(({ store, error }) => (
        <p key={store.id} className={errorNote} data-testid="intake-error">
          Магазин «{store.name}»: {error}
        </p>
      ))}
    </>
  );
}
