import { signup, type SessionResult } from '../../../sync/session.ts';

/** «Зарегистрироваться»: a new account, signed in at once. */
export const signUp = (values: { login: string; password: string; first_name: string; last_name: string }): Promise<SessionResult> => signup(values);
