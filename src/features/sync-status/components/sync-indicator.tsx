import { useEffect } from 'react';
import { setSyncDialogOpen, useAppState } from '../../../state/app-state.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { formatTime } from '../../../lib/format.ts';
import { markRefusedNoticed, useRefusedEdits } from '../api/refused-edits.ts';
import { useSyncStatus } from '../api/use-sync-status.ts';
import { RefusedList } from './refused-list.tsx';
import { RefusedNotice } from './refused-notice.tsx';
import { dot, indicator, offline, online, rejectedBadge, srOnly } from './sync-indicator.css.ts';

/**
 * Header badge: no network, edits waiting, edits refused, or all sent — with the last sync time;
 * opens the dialog that lists refused edits. Also raises the notification of a refused edit.
 */
export function SyncIndicator() {
  const status = useSyncStatus();
  const { edits, unnoticed } = useRefusedEdits();
  const open = useAppState((s) => s.syncDialogOpen);
  const allSent = status.online && status.unsent === 0 && edits.length === 0;
  // Seen in the list, however it was opened: the notification has said its piece.
  const unnoticedIds = unnoticed.map((e) => e.id).join('\n');
  useEffect(() => {
    if (open && unnoticedIds) void markRefusedNoticed(unnoticedIds.split('\n'));
  }, [open, unnoticedIds]);
  return (
    <>
      <button type="button" className={indicator} onClick={() => setSyncDialogOpen(true)} data-testid="sync-indicator">
        <span className={srOnly}>Синхронизация: </span>
        <span className={`${dot} ${status.online ? online : offline}`} />
        <span>{!status.online ? 'Нет сети' : allSent ? 'Всё отправлено' : 'В сети'}</span>
        {status.unsent > 0 && <span data-testid="unsent-count">Не отправлено: {status.unsent}</span>}
        {edits.length > 0 && <span className={rejectedBadge}>Отклонено: {edits.length}</span>}
        {status.lastSyncAt && <span>Синхр. {formatTime(status.lastSyncAt)}</span>}
      </button>
      <RefusedNotice unnoticed={open ? [] : unnoticed} />
      <Dialog open={open} onOpenChange={setSyncDialogOpen} title="Синхронизация">
        <p>
          {status.online
            ? allSent
              ? 'Всё отправлено на сервер.'
              : 'Устройство в сети.'
            : 'Нет сети: правки сохраняются на устройстве и уйдут на сервер при подключении.'}{' '}
          Неотправленных правок: {status.unsent}.
          {status.lastSyncAt ? ` Последняя синхронизация: ${formatTime(status.lastSyncAt)}.` : ''}
        </p>
        {edits.length > 0 && (
          <>
            <h3>Отклонённые правки</h3>
            <RefusedList edits={edits} onOpen={() => setSyncDialogOpen(false)} />
          </>
        )}
      </Dialog>
    </>
  );
}
