import { userIdFromToken } from './tokens.ts';

/**
 * Who made a row made on this device: the signed-in person, until the server's copy (whose trigger records the
 * same person) replaces it. Without a token (never, while editing) the row names nobody, as the server's own do.
 */
export function authoredHere(): { created_by: string | null; updated_by: string | null } {
  const me = userIdFromToken();
  return { created_by: me, updated_by: me };
}
