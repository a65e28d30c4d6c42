import { loadingFinished, loadingStarted, notify } from '../../../state/app-state.ts';
import { syncNow } from '../../../sync/sync-engine.ts';

/**
 * «Обновить»: send what waits and pull the server's changes now, with the loading spinner on.
 * Offline the screen keeps showing what the device has, and says so.
 */
export async function refreshInventory(): Promise<void> {
  if (!navigator.onLine) {
    notify({ type: 'warning', text: 'Нет сети: показаны данные с устройства' }, 3_000);
    return;
  }
  loadingStarted();
  try {
    await syncNow();
  } finally {
    loadingFinished();
  }
}
