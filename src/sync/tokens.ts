/** The session tokens live in localStorage under the names docs/screens.md «Состояние приложения» gives them. */
export const ACCESS_KEY = 'access_token';
export const REFRESH_KEY = 'refresh_token';

export const getAccessToken = () => localStorage.getItem(ACCESS_KEY);
export const getRefreshToken = () => localStorage.getItem(REFRESH_KEY);
export const hasSession = () => getAccessToken() !== null;

export function storeTokens(tokens: { access_token: string; refresh_token: string }): void {
  localStorage.setItem(ACCESS_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_KEY, tokens.refresh_token);
}

export function clearTokens(): void {
  localStorage.removeItem(ACCESS_KEY);
  localStorage.removeItem(REFRESH_KEY);
}

/** The user id inside the access token (a JWT's `sub`), for the live channel's path. */
export function userIdFromToken(token: string | null = getAccessToken()): string | null {
  try {
    const payload = JSON.parse(atob(token!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
