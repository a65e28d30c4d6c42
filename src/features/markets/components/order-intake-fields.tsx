import { SelectField } from '../../../ui/text-field.tsx';
import { defaultIntakeInterval, intervalOptions } from '../api/order-intake.ts';
import { toggle, toggleBox } from './markets.css.ts';

export interface OrderIntakeValue {
  order_intake: boolean;
  order_intake_interval: number;
}

/**
 * The store form's order intake: whether the store's orders reserve and sell by themselves, and how often they are
 * read. Shown only for a store on a marketplace (a store without one has no orders to read).
 */
export function OrderIntakeFields({
  value,
  onChange,
}: {
  value: Partial<OrderIntakeValue>;
  onChange(patch: Partial<OrderIntakeValue>): void;
}) {
  const on = value.order_intake ?? true;
  const interval = value.order_intake_interval ?? defaultIntakeInterval;
  return (
    <>
      <label className={toggle}>
        <input
          type="checkbox"
          className={toggleBox}
          name="order_intake"
          checked={on}
          onChange={(e) => onChange({ order_intake: e.currentTarget.checked })}
        />
        Заказы сами резервируют и продают товар
      </label>
      {on && (
        <SelectField
          label="Проверять заказы каждые"
          name="order_intake_interval"
          value={String(interval)}
          options={intervalOptions(interval)}
          onChange={(e) => onChange({ order_intake_interval: Number(e.target.value) })}
        />
      )}
    </>
  );
}
