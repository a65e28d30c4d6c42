// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../testing/component-setup.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAppState, loadingFinished, loadingStarted, notify, setProgress } from '../state/app-state.ts';
import { LoadingSpinner, NotificationBar, ProgressRing } from './overlays.tsx';

/** The three global overlays, as the root route renders them. */
const renderOverlays = () =>
  render(
    <>
      <ProgressRing />
      <LoadingSpinner />
      <NotificationBar />
    </>,
  );
const ring = () => screen.queryByRole('progressbar', { name: 'Выполнение задачи' });
const spinner = () => screen.queryByRole('status', { name: 'Загрузка' });

describe('progress ring (docs/screens.md)', () => {
  it('is hidden at the default -1 and at 0, shown above 0 with the value', () => {
    renderOverlays();
    expect(getAppState().progressValue).toBe(-1);
    expect(ring()).toBeNull();

    act(() => setProgress(0));
    expect(ring()).toBeNull();

    act(() => setProgress(37));
    expect(ring()).not.toBeNull();
    expect(ring()!.getAttribute('aria-valuenow')).toBe('37');
    expect(ring()!.textContent).toBe('37');

    act(() => setProgress(99.6));
    expect(ring()!.textContent).toBe('100');
  });

  it('100 or more resets progress to 0, which hides the ring', () => {
    renderOverlays();
    act(() => setProgress(50));
    expect(ring()).not.toBeNull();

    act(() => setProgress(100));
    expect(getAppState().progressValue).toBe(0);
    expect(ring()).toBeNull();

    act(() => setProgress(20));
    act(() => setProgress(250));
    expect(getAppState().progressValue).toBe(0);
    expect(ring()).toBeNull();
  });
});

describe('loading spinner', () => {
  it('shows while the loading count is above 0 and no progress is shown', () => {
    renderOverlays();
    expect(spinner()).toBeNull();

    act(() => loadingStarted());
    act(() => loadingStarted());
    expect(spinner()).not.toBeNull();

    act(() => loadingFinished());
    expect(spinner()).not.toBeNull(); // one request still running

    act(() => loadingFinished());
    expect(spinner()).toBeNull();

    act(() => loadingFinished()); // an extra "finished" never drives the count below 0
    act(() => loadingStarted());
    expect(getAppState().loadingCount).toBe(1);
    expect(spinner()).not.toBeNull();
  });

  it('is hidden while the ring shows, and comes back when progress resets', () => {
    renderOverlays();
    act(() => loadingStarted());
    act(() => setProgress(10));
    expect(ring()).not.toBeNull();
    expect(spinner()).toBeNull();

    act(() => setProgress(100)); // → 0: ring gone, requests still running
    expect(ring()).toBeNull();
    expect(spinner()).not.toBeNull();
  });
});

describe('notification bar', () => {
  it('shows the text and a click dismisses it', () => {
    renderOverlays();
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => notify({ type: 'error', text: 'Не указаны значения цены в выделенных возвратах.' }));
    const bar = screen.getByRole('alert');
    expect(bar.textContent).toBe('Не указаны значения цены в выделенных возвратах.');

    fireEvent.click(bar);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getAppState().notification).toBeNull();
  });

  it('a timed notification clears itself after its timeout (10 s errors, 3 s info), a newer one restarts the clock', () => {
    vi.useFakeTimers();
    renderOverlays();
    act(() => notify({ type: 'info', text: 'Данные обновлены' }, 3_000));
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByRole('alert').textContent).toBe('Данные обновлены');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => notify({ type: 'error', text: 'Первое' }, 10_000));
    act(() => vi.advanceTimersByTime(9_000));
    act(() => notify({ type: 'error', text: 'Второе' }, 10_000));
    act(() => vi.advanceTimersByTime(1_500)); // the first one's timer must not clear the second
    expect(screen.getByRole('alert').textContent).toBe('Второе');
    act(() => vi.advanceTimersByTime(8_500));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
