import { useCallback, useEffect, useState } from 'react';
import { fetchOlderMovements, fetchOlderSales } from '../../../sync/older-history.ts';
import type { Realization } from './types.ts';
import { toLedgerRows, type LedgerRow } from './ledger.ts';

/**
 * The product's ledger older than the device's window, a page of the server's at a time («Показать ранее»). Held by
 * the screen while it is open, never stored: the device keeps the window only (src/sync/history-window.ts).
 */
export interface OlderLedger {
  rows: LedgerRow[];
  /** False once the server has no older rows left; true before the first page is asked for. */
  more: boolean;
  loading: boolean;
  /** Why the last page could not be read, in the user's words (offline above all). */
  error: string | null;
  loadMore(): void;
}

export async function loadOlderLedger(productId: string, page: number) {
  const { rows, more } = await fetchOlderMovements(productId, page);
  return { rows: await toLedgerRows(rows, productId), more };
}

export function useOlderLedger(productId: string): OlderLedger {
  const [state, setState] = useState({
    rows: [] as LedgerRow[],
    page: 0,
    more: true,
    loading: false,
    error: null as string | null,
  });
  useEffect(() => setState({ rows: [], page: 0, more: true, loading: false, error: null }), [productId]);
  const loadMore = useCallback(() => {
    if (state.loading || !state.more) return;
    setState((s) => ({ ...s, loading: true, error: null }));
    loadOlderLedger(productId, state.page + 1).then(
      ({ rows, more }) =>
        setState((s) => ({ rows: [...s.rows, ...rows], page: s.page + 1, more, loading: false, error: null })),
      (err: unknown) =>
        setState((s) => ({ ...s, loading: false, error: err instanceof Error ? err.message : String(err) })),
    );
  }, [productId, state.loading, state.more, state.page]);
  return { rows: state.rows, more: state.more, loading: state.loading, error: state.error, loadMore };
}

/** The product's sales dated before the device's window, read from the server on «Показать ранее». */
export interface OlderSales {
  /** Undefined until asked for. */
  rows: Realization[] | undefined;
  loading: boolean;
  error: string | null;
  load(): void;
}

export function useOlderSales(productId: string): OlderSales {
  const [state, setState] = useState({
    rows: undefined as Realization[] | undefined,
    loading: false,
    error: null as string | null,
  });
  useEffect(() => setState({ rows: undefined, loading: false, error: null }), [productId]);
  const load = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchOlderSales(productId).then(
      (rows) => setState({ rows, loading: false, error: null }),
      (err: unknown) =>
        setState((s) => ({ ...s, loading: false, error: err instanceof Error ? err.message : String(err) })),
    );
  }, [productId]);
  return { ...state, load };
}
