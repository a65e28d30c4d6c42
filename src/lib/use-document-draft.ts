import { useState } from 'react';
import { notify } from '../state/app-state.ts';
import { isDateInRange, toApiDate } from './dates.ts';
import { calendarDay } from './format.ts';

/*
 * The draft of a document edited as a whole and saved at once (a purchase, an other realization):
 * its lines and date, the checks before saving and the save itself. The screens differ only in
 * their lines and what saving writes.
 */

interface Options<L> {
  /** The document as saved; absent while creating one. */
  saved?: { date: string; ids: readonly string[] };
  initialLines(): L[];
  /** Why a line cannot be saved, or null. */
  problem(lines: readonly L[], line: L): string | null;
  /** new, modified or same against the saved row. */
  state(line: L): string;
  /** Said when the date is out of range, e.g. «Укажите дату поступления от 01.01.1900 до 31.12.2099». */
  dateError: string;
}

export function useDocumentDraft<L extends { id: string }>({
  saved,
  initialLines,
  problem,
  state,
  dateError,
}: Options<L>) {
  // Started once from the document; the saved rows the caller passes stay live, so highlights follow each save.
  const [lines, setLines] = useState<L[]>(initialLines);
  const [date, setDate] = useState(() => (saved ? calendarDay(saved.date) : toApiDate()));
  const [flagging, setFlagging] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  function changed(): boolean {
    if (!saved) return true;
    const kept = new Set(lines.map((l) => l.id));
    return (
      date !== calendarDay(saved.date) ||
      saved.ids.some((id) => !kept.has(id)) ||
      lines.some((l) => state(l) !== 'same')
    );
  }

  /** The checks before saving: a refusal is shown (date, flagged lines, «Изменений нет») and false returned. */
  function ready(): boolean {
    setError(undefined);
    if (!isDateInRange(date)) {
      setError(dateError);
      return false;
    }
    if (lines.some((l) => problem(lines, l))) {
      setFlagging(true);
      return false;
    }
    if (saved && !changed()) {
      notify({ type: 'info', text: 'Изменений нет' }, 3_000);
      return false;
    }
    return true;
  }

  /** Writes the document; an edit says so in place, a new one leaves through `created`. */
  async function save(write: () => Promise<unknown>, created: () => void): Promise<void> {
    setSaving(true);
    try {
      await write();
      if (saved) notify({ type: 'info', text: 'Данные обновлены' }, 3_000);
      else created();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  }

  return {
    lines,
    setLines,
    date,
    setDate,
    flagging,
    saving,
    error,
    /** After a refused save, while a line still has a problem. */
    flagged: flagging && lines.some((l) => problem(lines, l)),
    remove: (id: string) => setLines((ls) => ls.filter((l) => l.id !== id)),
    ready,
    save,
  };
}
