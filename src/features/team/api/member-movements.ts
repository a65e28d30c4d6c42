import { useEffect, useState } from 'react';
import { memberMovements } from '../../../sync/team.ts';
import type { MemberMovement } from './types.ts';

export { memberMovements };

export type MovementsState =
  { kind: 'loading' } | { kind: 'loaded'; movements: MemberMovement[] } | { kind: 'failed'; error: string };

/** «Последние движения» of one member, read when asked for (null: not asked). */
export function useMemberMovements(userId: string | null): MovementsState {
  const [state, setState] = useState<MovementsState>({ kind: 'loading' });
  useEffect(() => {
    if (!userId) return;
    let current = true;
    setState({ kind: 'loading' });
    void memberMovements(userId).then((outcome) => {
      if (!current) return;
      setState(outcome.ok ? { kind: 'loaded', movements: outcome.data } : { kind: 'failed', error: outcome.error });
    });
    return () => {
      current = false;
    };
  }, [userId]);
  return state;
}
