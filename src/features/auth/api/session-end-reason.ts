import { sessionEndReason as stored } from '../../../sync/session-end.ts';

/** Why the owner ended this device's sign-in (a removal, a new role), when they did; null otherwise. */
export const sessionEndReason = (): string | null => stored();
