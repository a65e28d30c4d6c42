import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { components } from '../../api/schema.gen.ts';
import { db, type OstatokDatabase } from '../db/database.ts';
import { getMeta, setMeta } from '../db/meta.ts';
import { backgroundApi } from './api-client.ts';
import { endpoints } from './contract.ts';
import { businessIdFromToken, userIdFromToken } from './tokens.ts';

/*
 * Who made a row (its created_by): the names of the business's members, read from GET /api/v1/team/members/
 * (any role may) and kept in the device's meta, so the lists name people offline too. A name once seen is
 * kept for as long as the device holds this business's data: rows made by someone who has left since still
 * name them. Another business's names never show: the meta goes with the mirror when the business changes
 * (src/sync/session.ts clears it), and each copy says whose it is.
 */

export type MemberName = components['schemas']['MemberName'];

/** Kept under the meta key `member_names`. */
export interface StoredMemberNames {
  business_id: string;
  /** The members as last read: the filters list them. */
  members: MemberName[];
  /** Every name seen by user id, people who have left included. */
  known: Record<string, string>;
  fetched_at: number;
}

export const MEMBER_NAMES_KEY = 'member_names';
/** A screen with names that opens later than this after the last read asks again (when online). */
export const MEMBER_NAMES_MAX_AGE_MS = 5 * 60_000;

/** «Имя Фамилия», or the login when the person gave no name. */
export const displayName = (m: Pick<MemberName, 'first_name' | 'last_name' | 'login'>) =>
  `${m.first_name} ${m.last_name}`.trim() || m.login;

async function stored(business: string | null, database: OstatokDatabase): Promise<StoredMemberNames | undefined> {
  const value = await getMeta<StoredMemberNames>(MEMBER_NAMES_KEY, database);
  return value && value.business_id === business ? value : undefined;
}

let inFlight: Promise<boolean> | null = null;

/**
 * Reads the names from the server and keeps them; false when that could not be done (offline, signed out, or
 * the device signed in elsewhere meanwhile): the names kept before stay.
 */
export function refreshMemberNames(database: OstatokDatabase = db): Promise<boolean> {
  inFlight ??= (async () => {
    const business = businessIdFromToken();
    if (!business) return false;
    try {
      const { data } = await backgroundApi().GET(endpoints.teamMemberNames);
      if (!data || businessIdFromToken() !== business) return false;
      const known = { ...(await stored(business, database))?.known };
      for (const m of data) known[m.user_id] = displayName(m);
      const value: StoredMemberNames = { business_id: business, members: data, known, fetched_at: Date.now() };
      await setMeta(MEMBER_NAMES_KEY, value, database);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** What the screens read: the members for a filter, and a name for any user id seen. */
export interface MemberNames {
  /** Current members by name. */
  members: { id: string; name: string }[];
  names: ReadonlyMap<string, string>;
  /** When the names were read from the server (ms), 0 if never on this device. */
  fetchedAt: number;
}

export async function loadMemberNames(database: OstatokDatabase = db): Promise<MemberNames> {
  const value = await stored(businessIdFromToken(), database);
  const members = (value?.members ?? [])
    .map((m) => ({ id: m.user_id, name: displayName(m) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru') || (a.id < b.id ? -1 : 1));
  return { members, names: new Map(Object.entries(value?.known ?? {})), fetchedAt: value?.fetched_at ?? 0 };
}

/** The sign-in the names were last asked for in this page's life: a new one (or another business) asks again. */
let askedFor: string | null = null;

/** Asks the server when this sign-in has not yet, or the names are older than MEMBER_NAMES_MAX_AGE_MS. */
export async function refreshMemberNamesIfStale(now = Date.now(), database: OstatokDatabase = db): Promise<boolean> {
  const signIn = `${userIdFromToken()}/${businessIdFromToken()}`;
  const { fetchedAt } = await loadMemberNames(database);
  if (askedFor === signIn && now - fetchedAt < MEMBER_NAMES_MAX_AGE_MS) return false;
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  askedFor = signIn;
  return refreshMemberNames(database);
}

/**
 * Live: the names as the device keeps them (undefined while reading). A screen that shows them asks the server
 * on its first showing after a sign-in (and when they are a few minutes old), and again whenever the device
 * comes back online.
 */
export function useMemberNames(): MemberNames | undefined {
  useEffect(() => {
    void refreshMemberNamesIfStale();
    const online = () => void refreshMemberNames();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
  return useLiveQuery(() => loadMemberNames(), []);
}
