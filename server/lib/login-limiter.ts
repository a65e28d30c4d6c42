import { Problem } from './problem.ts';
import type { AuthAttemptsRepository } from '../repositories/auth-attempts.ts';

export interface LoginLimits {
  maxFailures: number;
  maxAttemptsPerIp: number;
  windowSeconds: number;
}

/**
 * Limits password guessing: failed attempts per login, and all attempts per client address,
 * within a sliding window. Refusals answer 429 with Retry-After: when the oldest counted attempt
 * leaves the window.
 */
export function loginLimiter(attempts: AuthAttemptsRepository, limits: LoginLimits) {
  const loginKey = (login: string) => `login:${login.toLowerCase()}`;
  const ipKey = (ip: string) => `ip:${ip}`;

  async function refuseIfOver(key: string, max: number, failuresOnly: boolean) {
    const from = new Date(Date.now() - limits.windowSeconds * 1000);
    const { count, oldest } = await attempts.since(key, from, failuresOnly);
    if (count < max) return;
    const retryAfter = Math.max(1, Math.ceil(((oldest?.getTime() ?? Date.now()) + limits.windowSeconds * 1000 - Date.now()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw new Problem(429, 'too_many_attempts', `Слишком много попыток входа. Повторите через ${minutes} мин.`, undefined, {
      'retry-after': String(retryAfter),
    });
  }

  return {
    async check(login: string, ip: string) {
      await refuseIfOver(loginKey(login), limits.maxFailures, true);
      await refuseIfOver(ipKey(ip), limits.maxAttemptsPerIp, false);
    },
    async record(login: string, ip: string, success: boolean) {
      await attempts.record([loginKey(login), ipKey(ip)], success);
      if (success) await attempts.clearFailures(loginKey(login));
    },
  };
}
