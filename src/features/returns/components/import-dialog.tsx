import { useState } from 'react';
import { DATE_MIN, isDateInRange, toApiDate } from '../../../lib/dates.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { DateField } from '../../../ui/date-field.tsx';

const monthAgo = () => toApiDate(Date.now() - 30 * 86_400_000);

/** «Загрузить с маркетплейсов» asks from what date (docs/screens.md «Адреса»); the period ends today. */
export function ImportDialog({
  open,
  onOpenChange,
  onStart,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onStart(dateStart: string): void;
}) {
  const [date, setDate] = useState(monthAgo);
  const today = toApiDate();
  const valid = isDateInRange(date) && date <= today;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Загрузить возвраты с маркетплейсов"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Отмена
          </Button>
          <Button disabled={!valid} onClick={() => onStart(date)}>
            Загрузить
          </Button>
        </>
      }
    >
      <p>Возвраты загрузятся по каждому магазину с маркетплейсом, с выбранной даты по сегодня.</p>
      <DateField
        label="С какой даты"
        name="date_start"
        min={DATE_MIN}
        max={today}
        required
        value={date}
        onChange={setDate}
        error={valid ? undefined : 'Укажите дату не позже сегодняшней'}
      />
    </Dialog>
  );
}
