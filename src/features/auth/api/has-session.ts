import { hasSession as tokenStored } from '../../../sync/tokens.ts';

/** Whether a session is stored: the route guard and the /auth screen's mode both ask. */
export const hasSession = (): boolean => tokenStored();
