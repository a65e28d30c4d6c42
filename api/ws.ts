/**
 * Messages of the live channel, WebSocket /user/{user_id}/. The access token goes as the
 * subprotocol pair `bearer`, `<access token>` (`new WebSocket(url, ['bearer', token])`) and the
 * server answers the protocol `bearer`; a token in the query string is refused, as addresses land
 * in proxy logs and the browser console. The server only sends; the client only listens. Shared by
 * server and PWA.
 */
export type NotificationKind = 'info' | 'success' | 'warning' | 'error';

export type LiveMessage =
  /** Progress of the user's running job, 0–100; 100 means done (the ring hides). */
  | { type: 'progress'; value: number; job_id?: string }
  /** A message for the notification bar. */
  | { type: 'notification'; value: { type: NotificationKind; text: string } }
  /** Rows changed on the server: pull from the sync cursor. */
  | { type: 'changes' };

/** Close codes the server uses when it refuses or ends a live channel. */
export const LiveCloseCode = {
  /** No token, a malformed or expired one, or its sign-in ended: refresh it and reconnect. */
  invalidToken: 4401,
  /**
   * A token in the query string, as app versions before the subprotocol sent it. Not 4401: such a version would
   * refresh (rotate its refresh token) before every reconnect until its service worker updates; on any other code
   * it only reconnects.
   */
  tokenInUrl: 4400,
  /** The token belongs to another user than the one in the path. */
  forbidden: 4403,
  /** The server is shutting down; reconnect shortly. */
  goingAway: 1001,
} as const;
