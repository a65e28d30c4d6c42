import { useLiveQuery } from 'dexie-react-hooks';
import { joinTeam } from '../../../sync/team.ts';
import { countUnsent } from '../../../sync/unsent-count.ts';

/** «Вступить»: POST /api/v1/team/join/; the device then works in the new business (src/sync/session.ts join). */
export { joinTeam };

/** Edits not on the server yet: they go to the present business before the join. */
export const useUnsentCount = (): number => useLiveQuery(() => countUnsent(), [], 0);
