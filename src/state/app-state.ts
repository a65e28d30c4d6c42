import { useSyncExternalStore } from 'react';
import type { NotificationKind } from '../../api/ws.ts';

export interface AppNotification {
  type: NotificationKind;
  text: string;
}

/**
 * The app state (docs/screens.md «Состояние приложения»). One small store, read with useAppState, written only through
 * the functions below.
 */
export interface AppState {
  user: { id: string; first_name: string; last_name: string; login: string } | null;
  title: string;
  /** -1 by default; a value of 100 or more becomes 0 (the ring hides). */
  progressValue: number;
  notification: AppNotification | null;
  loadingCount: number;
  /** The «Синхронизация» dialog of the header's indicator; other screens (the home page) open it too. */
  syncDialogOpen: boolean;
}

const initial: AppState = {
  user: null,
  title: '',
  progressValue: -1,
  notification: null,
  loadingCount: 0,
  syncDialogOpen: false,
};
let state = initial;
const listeners = new Set<() => void>();

function update(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const getAppState = (): AppState => state;

export function subscribeAppState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(
    subscribeAppState,
    () => select(state),
    () => select(initial),
  );
}

export const setUser = (user: AppState['user']) => update({ user });
export const setTitle = (title: string) => update({ title });
export const setSyncDialogOpen = (open: boolean) => update({ syncDialogOpen: open });
export const setProgress = (value: number) => update({ progressValue: value >= 100 ? 0 : value });

let notificationTimer: ReturnType<typeof setTimeout> | undefined;
/**
 * Shows a message in the bar; with a timeout it clears itself (docs/screens.md «Форматы и постоянные»: 10 s errors and
 * live, 3 s info).
 */
export function notify(notification: AppNotification, clearAfterMs?: number): void {
  clearTimeout(notificationTimer);
  update({ notification });
  if (clearAfterMs) notificationTimer = setTimeout(() => update({ notification: null }), clearAfterMs);
}
export const dismissNotification = () => {
  clearTimeout(notificationTimer);
  update({ notification: null });
};

export const loadingStarted = () => update({ loadingCount: state.loadingCount + 1 });
export const loadingFinished = () => update({ loadingCount: Math.max(0, state.loadingCount - 1) });

/** For tests: back to the start. */
export const resetAppState = () => {
  clearTimeout(notificationTimer);
  state = initial;
  for (const listener of listeners) listener();
};
