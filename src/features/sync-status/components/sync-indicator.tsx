import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { formatTime } from '../../../lib/format.ts';
import { dismissRejected } from '../api/dismiss-rejected.ts';
import { useSyncStatus } from '../api/use-sync-status.ts';
import { dot, indicator, item, list, offline, online, rejectedBadge } from './sync-indicator.css.ts';

const describe = (method: string) => ({ POST: 'Создание', PATCH: 'Изменение', PUT: 'Изменение', DELETE: 'Удаление' })[method] ?? method;

/** Header badge: online or not, unsent edits, last sync; opens the list of refused edits. */
export function SyncIndicator() {
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={indicator} onClick={() => setOpen(true)} aria-label="Состояние синхронизации" data-testid="sync-indicator">
        <span className={`${dot} ${status.online ? online : offline}`} />
        <span>{status.online ? 'В сети' : 'Нет сети'}</span>
        {status.unsent > 0 && <span data-testid="unsent-count">Не отправлено: {status.unsent}</span>}
        {status.rejected.length > 0 && <span className={rejectedBadge}>Отклонено: {status.rejected.length}</span>}
        {status.lastSyncAt && <span>Синхр. {formatTime(status.lastSyncAt)}</span>}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Синхронизация">
        <p>
          {status.online ? 'Устройство в сети.' : 'Нет сети: правки сохраняются на устройстве и уйдут на сервер при подключении.'}{' '}
          Неотправленных правок: {status.unsent}.
          {status.lastSyncAt ? ` Последняя синхронизация: ${formatTime(status.lastSyncAt)}.` : ''}
        </p>
        {status.rejected.length > 0 && (
          <>
            <h3>Отклонённые правки</h3>
            <ul className={list}>
              {status.rejected.map((e) => (
                <li key={e.seq} className={item}>
                  <span>
                    {describe(e.method)}: {e.error}
                  </span>
                  <Button variant="secondary" onClick={() => void dismissRejected(e.seq!)}>
                    Убрать
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
    </>
  );
}
