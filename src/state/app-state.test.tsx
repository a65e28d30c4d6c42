// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissNotification,
  getAppState,
  loadingFinished,
  loadingStarted,
  notify,
  resetAppState,
  setProgress,
  setTitle,
  setUser,
  subscribeAppState,
  useAppState,
} from './app-state.ts';

beforeEach(() => resetAppState());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('app state (docs/screens.md)', () => {
  it('starts with no user, no title, progress -1, no notification, nothing loading, the sync dialog closed', () => {
    expect(getAppState()).toEqual({
      user: null,
      title: '',
      progressValue: -1,
      notification: null,
      loadingCount: 0,
      syncDialogOpen: false,
    });
  });

  it('progress of 100 or more becomes 0 (hidden); other values are kept', () => {
    setProgress(0);
    expect(getAppState().progressValue).toBe(0);
    setProgress(99);
    expect(getAppState().progressValue).toBe(99);
    setProgress(100);
    expect(getAppState().progressValue).toBe(0);
    setProgress(250);
    expect(getAppState().progressValue).toBe(0);
    setProgress(-1);
    expect(getAppState().progressValue).toBe(-1);
  });

  it('the loading count goes up and down and never below 0', () => {
    loadingStarted();
    loadingStarted();
    expect(getAppState().loadingCount).toBe(2);
    loadingFinished();
    loadingFinished();
    loadingFinished();
    expect(getAppState().loadingCount).toBe(0);
    loadingStarted();
    expect(getAppState().loadingCount).toBe(1);
  });

  it('a notification with a timeout clears itself after exactly that long (10 s)', () => {
    vi.useFakeTimers();
    notify({ type: 'error', text: 'Ошибка' }, 10_000);
    vi.advanceTimersByTime(9_999);
    expect(getAppState().notification).toEqual({ type: 'error', text: 'Ошибка' });
    vi.advanceTimersByTime(1);
    expect(getAppState().notification).toBeNull();
  });

  it('a notification without a timeout stays until dismissed', () => {
    vi.useFakeTimers();
    notify({ type: 'info', text: 'Сохранено' });
    vi.advanceTimersByTime(60 * 60_000);
    expect(getAppState().notification).toEqual({ type: 'info', text: 'Сохранено' });
    dismissNotification();
    expect(getAppState().notification).toBeNull();
  });

  it('a new notification replaces the old one, and the old timer does not clear it', () => {
    vi.useFakeTimers();
    notify({ type: 'info', text: 'Первое' }, 3_000);
    vi.advanceTimersByTime(2_000);
    notify({ type: 'error', text: 'Второе' }, 10_000);
    vi.advanceTimersByTime(1_500); // the first one's 3 s are over
    expect(getAppState().notification?.text).toBe('Второе');
    vi.advanceTimersByTime(8_500);
    expect(getAppState().notification).toBeNull();
  });

  it('a dismissed notification’s timer does not clear a later one without a timeout', () => {
    vi.useFakeTimers();
    notify({ type: 'error', text: 'Первое' }, 10_000);
    dismissNotification();
    notify({ type: 'info', text: 'Второе' });
    vi.advanceTimersByTime(20_000);
    expect(getAppState().notification?.text).toBe('Второе');
  });

  it('subscribers hear every change until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeAppState(listener);
    setTitle('Главная');
    setUser({ id: 'u1', first_name: 'Анна', last_name: 'Смирнова', login: 'anna' });
    unsubscribe();
    setTitle('Магазины');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getAppState()).toMatchObject({ title: 'Магазины', user: { id: 'u1' } });
  });
});

function Overlays() {
  const progress = useAppState((s) => s.progressValue);
  const loading = useAppState((s) => s.loadingCount);
  const notification = useAppState((s) => s.notification);
  return (
    <div>
      {progress > 0 && <div role="progressbar" aria-valuenow={progress} />}
      {loading > 0 && progress <= 0 && <div role="status">Загрузка</div>}
      {notification && <div role="alert">{notification.text}</div>}
    </div>
  );
}

describe('useAppState in a component', () => {
  it('re-renders with the state: ring while progress > 0, spinner only when no progress, bar until cleared', () => {
    vi.useFakeTimers();
    render(<Overlays />);
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => loadingStarted());
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => setProgress(40));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.queryByRole('status')).toBeNull();
    act(() => setProgress(100));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => loadingFinished());
    expect(screen.queryByRole('status')).toBeNull();

    act(() => notify({ type: 'success', text: 'Магазин сохранён' }, 10_000));
    expect(screen.getByRole('alert').textContent).toBe('Магазин сохранён');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
