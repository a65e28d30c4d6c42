import { DATE_MAX, DATE_MIN } from '../lib/dates.ts';
import { DateField } from './date-field.tsx';

export interface DateRange {
  /** YYYY-MM-DD or '' (no bound). */
  date_start: string;
  date_end: string;
}

/** «С даты» / «По дату»: each bound limits the other, so the range can never turn inside out. */
export function DateRangeFields({ value, onChange }: { value: DateRange; onChange(patch: Partial<DateRange>): void }) {
  return (
    <>
      <DateField
        label="С даты"
        name="date_start"
        min={DATE_MIN}
        max={value.date_end || DATE_MAX}
        value={value.date_start}
        onChange={(date_start) => onChange({ date_start })}
      />
      <DateField
        label="По дату"
        name="date_end"
        min={value.date_start || DATE_MIN}
        max={DATE_MAX}
        value={value.date_end}
        onChange={(date_end) => onChange({ date_end })}
      />
    </>
  );
}
