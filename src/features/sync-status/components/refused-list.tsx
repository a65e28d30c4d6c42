import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { discardRefusedEdit, retryRefusedEdit, type RefusedEdit } from '../api/refused-edits.ts';
import { actions, list, madeAt, reason, refusedItem, what } from './sync-indicator.css.ts';

/** The refused edits in the sync dialog: what, about what, why; open its screen, send it again, or drop it. */
export function RefusedList({ edits, onOpen }: { edits: RefusedEdit[]; onOpen(): void }) {
  const navigate = useNavigate();
  // A tap in flight: the row's buttons wait, so a double tap never acts twice.
  const [busy, setBusy] = useState<string | null>(null);
  const act = (id: string, action: (id: string) => Promise<unknown>) => {
    setBusy(id);
    void action(id).finally(() => setBusy(null));
  };
  return (
    <ul className={list} aria-label="Отклонённые правки">
      {edits.map((e) => (
        <li key={e.id} className={refusedItem} data-testid="refused-edit">
          <div>
            <div className={what}>{[e.what, e.subject].filter(Boolean).join(' ')}</div>
            <div className={reason}>{e.reason}</div>
            <div className={madeAt}>Правка от {formatDateTime(e.createdAt)}</div>
          </div>
          <div className={actions}>
            {e.open && (
              <Button
                variant="secondary"
                onClick={() => {
                  onOpen();
                  void navigate({ href: e.open! });
                }}
              >
                Открыть
              </Button>
            )}
            {e.retryable && (
              <Button disabled={busy === e.id} onClick={() => act(e.id, retryRefusedEdit)}>
                Повторить
              </Button>
            )}
            <Button variant="secondary" disabled={busy === e.id} onClick={() => act(e.id, discardRefusedEdit)}>
              Отменить
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
