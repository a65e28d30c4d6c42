import { Button } from '../../../ui/button.tsx';
import { enableOrderIntake, intervalLabel, takesOrders } from '../api/order-intake.ts';
import type { Market } from '../api/types.ts';
import { intakeError, intakeLine } from './markets.css.ts';

/**
 * Under a connected store on «Мои магазины»: whether its orders are taken and how often, why the last read failed,
 * or a one-tap «Включить» when intake is off (for a member who may change stores). Nothing for a store without a
 * marketplace or a key.
 */
export function OrderIntakeStatus({ market, canEnable = true }: { market: Market; canEnable?: boolean }) {
  if (!takesOrders(market)) return null;
  return (
    <div className={intakeLine} data-testid="order-intake">
      {market.order_intake ? (
        <span>Заказы: принимаются каждые {intervalLabel(market.order_intake_interval)}</span>
      ) : (
        <>
          <span>Заказы: не принимаются</span>
          {canEnable && (
            <Button variant="secondary" onClick={() => void enableOrderIntake(market)}>
              Включить
            </Button>
          )}
        </>
      )}
      {market.order_intake_error && (
        <span className={intakeError} role="alert">
          {market.order_intake_error}
        </span>
      )}
    </div>
  );
}
