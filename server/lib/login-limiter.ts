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

  function tooMany(oldest?: Date): Problem {
    const retryAfter = Math.max(
      1,
      Math.ceil(((oldest?.getTime() ?? Date.now()) + limits.windowSeconds * 1000 - Date.now()) / 1000),
    );
    const minutes = Math.ceil(retryAfter / 60);
    return new Problem(
      429,
      'too_many_attempts',
      `Слишком много попыток входа. Повторите через ${minutes} мин.`,
      undefined,
      {
        'retry-after': String(retryAfter),
      },
    );
  }

  return {
    /**
     * Counts the attempt (as a failure until told otherwise) or refuses it with 429; call before
     * checking the password. Resolves with the function that records the outcome.
     */
    async begin(login: string, ip: string): Promise<(success: boolean) => Promise<void>> {
      const from = new Date(Date.now() - limits.windowSeconds * 1000);
      const reservation = await attempts.reserve(
        [
          { key: loginKey(login), max: limits.maxFailures, failuresOnly: true },
          { key: ipKey(ip), max: limits.maxAttemptsPerIp, failuresOnly: false },
        ],
        from,
      );
      if ('refused' in reservation) throw tooMany(reservation.oldest);
      return async (success) => {
        if (!success) return;
        await attempts.markSucceeded(reservation.ids);
        await attempts.clearFailures(loginKey(login));
      };
    },
  };
}
