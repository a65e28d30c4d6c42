import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAppState } from '../state/app-state.ts';
import { clearLocalData } from '../db/database.ts';

/**
 * Per-test hygiene for component tests (jsdom, fake-indexeddb): unmount, then empty the default
 * Dexie database, localStorage and the app state, so no test sees another's rows or tokens.
 * Import it in each component test file, after 'fake-indexeddb/auto'.
 */
// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  await clearLocalData();
  localStorage.clear();
  resetAppState();
});
