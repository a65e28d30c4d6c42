import { DATE_MAX, DATE_MIN } from '../lib/dates.ts';
import { TextField } from './text-field.tsx';

export interface DateRange {
  /** YYYY-MM-DD or '' (no bound). */
  date_start: string;
  date_end: string;
}

/** «С даты» / «По дату»: each bound limits the other's picker, so the range can never turn inside out. */
export function DateRangeFields({ value, onChange }: { value: DateRange; onChange(patch: Partial<DateRange>): void }) {
  return (
    <>
      <TextField
        label="С даты"
        type="date"
        min={DATE_MIN}
        max={value.date_end || DATE_MAX}
        value={value.date_start}
        onChange={(e) => onChange({ date_start: e.target.value })}
      />
      <TextField
        label="По дату"
        type="date"
        min={value.date_start || DATE_MIN}
        max={DATE_MAX}
        value={value.date_end}
        onChange={(e) => onChange({ date_end: e.target.value })}
      />
    </>
  );
}
