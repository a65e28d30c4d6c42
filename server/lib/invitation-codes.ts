import { randomInt } from 'node:crypto';
import { sha256 } from './tokens.ts';

// No 0/O, 1/I/L: a code is read aloud or typed from a phone as often as it is followed as a link.
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A fresh code, as shown: three groups of four (about 59 bits). */
export function newInvitationCode(): string {
  const chars = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((g) => g.join('')).join('-');
}

/** The stored form: case, spaces and dashes do not matter to the person typing it. */
export const invitationCodeHash = (code: string): string => sha256(code.toUpperCase().replace(/[\s-]/g, ''));
