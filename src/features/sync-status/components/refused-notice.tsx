import { markRefusedNoticed, type RefusedEdit } from '../api/refused-edits.ts';
import { notice } from './sync-indicator.css.ts';

/**
 * The notification of refused edits: stays until clicked, here and in every other tab, and comes
 * back after a reload until then (dismissals are stored with the outbox).
 */
export function RefusedNotice({ unnoticed }: { unnoticed: RefusedEdit[] }) {
  const latest = unnoticed.at(-1);
  if (!latest) return null;
  const more = unnoticed.length - 1;
  return (
    <button
      type="button"
      className={notice}
      role="alert"
      data-testid="refused-notice"
      onClick={() => void markRefusedNoticed(unnoticed.map((e) => e.id))}
    >
      {latest.sentence}
      {more > 0 && ` Ещё отклонённых правок: ${more}.`} Список — в «Синхронизации».
    </button>
  );
}
