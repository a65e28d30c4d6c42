import { logout } from '../../../sync/session.ts';

/** «Выйти»: the session ends and nothing of this user stays on the device. */
export const logOut = (): Promise<void> => logout();
