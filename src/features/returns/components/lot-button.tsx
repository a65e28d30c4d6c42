import { formatAmount, formatDay } from '../../../lib/format.ts';
import { formatCost } from '../../../ui/cost.ts';
import { Button } from '../../../ui/button.tsx';
import { lotRefusal, type LotPrice } from '../api/use-return-lots.ts';
import { lotButton, lotLine, lotPrice } from './returns.css.ts';

/**
 * A lot to value a return at, with what tells lots apart on a tablet (no hover there): its price, its
 * receipt date and the units left. `blockEmpty`: a sold-out lot (or one at 0 ₽) is shown disabled, saying why.
 */
export function LotButton({
  lot,
  pressed,
  blockEmpty = false,
  onChoose,
  testId,
}: {
  lot: LotPrice;
  pressed?: boolean;
  blockEmpty?: boolean;
  onChoose(lot: LotPrice): void;
  testId?: string;
}) {
  const refusal = blockEmpty ? lotRefusal(lot) : null;
  return (
    <Button
      variant={pressed ? 'primary' : 'secondary'}
      aria-pressed={pressed}
      className={lotButton}
      disabled={refusal !== null}
      onClick={() => onChoose(lot)}
      data-testid={testId}
      data-lot-id={lot.id}
    >
      <span className={lotPrice}>по цене {formatCost(lot.price)}</span>
      <span className={lotLine} data-testid="lot-date">
        {/* A return lot is marked as «Учёт» marks it. */}
        {lot.is_return ? '↩ возврат' : 'партия'} от {formatDay(lot.created_at)}
      </span>
      <span className={lotLine} data-testid="lot-left">
        осталось {formatAmount(lot.count)} шт.{refusal ? ` — ${refusal}` : ''}
      </span>
    </Button>
  );
}
