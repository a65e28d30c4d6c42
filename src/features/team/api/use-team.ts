import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnline } from '../../../lib/use-online.ts';
import { loadTeam } from '../../../sync/team.ts';
import type { Team } from './types.ts';

export interface TeamState {
  online: boolean;
  team: Team | null;
  /** The server's reason the team could not be read. */
  error: string | null;
  loading: boolean;
  reload(): Promise<void>;
}

/** The team as the server has it now: read on opening, when the network comes back, and after every change. */
export function useTeam(enabled: boolean): TeamState {
  const online = useOnline();
  const [team, setTeam] = useState<Team | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const reload = useCallback(async () => {
    setLoading(true);
    const outcome = await loadTeam();
    if (!alive.current) return;
    setLoading(false);
    if (outcome.ok) {
      setTeam(outcome.data);
      setError(null);
    } else setError(outcome.error);
  }, []);
  useEffect(() => {
    if (enabled && online) void reload();
  }, [enabled, online, reload]);
  return { online, team, error, loading, reload };
}
