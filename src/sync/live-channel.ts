import type { LiveMessage } from '../../api/ws.ts';
import { LiveCloseCode } from '../../api/ws.ts';
import { notify, setProgress } from '../state/app-state.ts';
import { apiBase } from './config.ts';
import { refreshSession } from './http.ts';
import { getAccessToken, userIdFromToken } from './tokens.ts';

const RECONNECT_MS = 1000;
const LIVE_NOTIFICATION_MS = 10_000;

/**
 * Applies one live message to the app (docs/sync-protocol.md «Живой канал»): progress drives the ring, notifications
 * the bar.
 */
export function handleLiveMessage(message: LiveMessage, onChanges: () => void): void {
  if (message.type === 'progress') setProgress(message.value);
  else if (message.type === 'notification') notify(message.value, LIVE_NOTIFICATION_MS);
  else if (message.type === 'changes') onChanges();
}

/**
 * The live channel /user/{id}/ (api/ws.ts). Reconnects 1 s after an unexpected close; a close for an expired
 * token refreshes it first. Returns the function that closes it for good (sign-out).
 */
export function connectLiveChannel(onChanges: () => void): () => void {
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    const token = getAccessToken();
    const userId = userIdFromToken(token);
    if (stopped || !token || !userId) return;
    const url = new URL(`/user/${userId}/`, apiBase());
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    // The token goes as the subprotocol pair `bearer`, <token>: never in the address, which proxies
    // log and the browser prints on every failed reconnect.
    socket = new WebSocket(url, ['bearer', token]);
    socket.onmessage = (event) => {
      try {
        handleLiveMessage(JSON.parse(String(event.data)) as LiveMessage, onChanges);
      } catch {
        // A message this version does not understand is ignored.
      }
    };
    socket.onclose = async (event) => {
      if (stopped) return;
      if (event.code === LiveCloseCode.invalidToken && (await refreshSession()) === 'refused') return;
      timer = setTimeout(open, RECONNECT_MS);
    };
    socket.onopen = () => onChanges();
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close(1000, 'logout');
  };
}
