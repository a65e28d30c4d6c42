import { login, type SessionResult } from '../../../sync/session.ts';

/** «Войти»: the server checks the pair; on success the device keeps the session's tokens. */
export const logIn = (loginName: string, password: string): Promise<SessionResult> => login(loginName, password);
