import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Repositories } from '../repositories/index.ts';
import { unauthorized } from './problem.ts';
import { newRefreshToken, sha256, signAccessToken } from './tokens.ts';

/**
 * Issues a new sign-in (a session, whose id is the refresh family's), or the next pair of one. The access token
 * states the person's membership as it is now: a refresh after joining a team carries the new business.
 */
export function tokenIssuer(repos: Repositories, config: Config) {
  return async function issueTokens(userId: string, familyId?: string) {
    const member = await repos.team.membershipOf(userId);
    if (!member) throw unauthorized('Пользователь не найден: войдите снова', 'user_gone');
    await repos.team.touch(userId);
    if (!familyId) {
      familyId = randomUUID();
      await repos.sessions.create(familyId, userId);
    }
    const refresh = newRefreshToken();
    await repos.refreshTokens.insert({
      userId,
      familyId,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Date.now() + config.refreshTokenTtl * 1000),
    });
    return {
      access_token: await signAccessToken(member, config.jwtSecret, config.accessTokenTtl, familyId),
      refresh_token: refresh,
      token_type: 'Bearer' as const,
      expires_in: config.accessTokenTtl,
    };
  };
}
