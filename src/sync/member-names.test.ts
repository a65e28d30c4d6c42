// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newTeam, type Team } from '../../tests/server/helpers/team.ts';
import { clearLocalData } from '../db/database.ts';
import { getMeta, setMeta } from '../db/meta.ts';
import { setApiBase } from './config.ts';
import { signInAs, startRealServer, type RealServer } from '../testing/real-server.ts';
import {
  loadMemberNames,
  MEMBER_NAMES_KEY,
  refreshMemberNames,
  refreshMemberNamesIfStale,
  type StoredMemberNames,
} from './member-names.ts';

/*
 * The names behind created_by (issue 24): read from the real server by any member, kept on the device for
 * offline use, never another business's, and a name once seen outlives its member's leaving.
 */
let server: RealServer;
let team: Team;

beforeAll(async () => {
  server = await startRealServer();
  team = await newTeam(server.app);
}, 120_000);
afterAll(async () => {
  await clearLocalData();
  await server?.close();
});
beforeEach(async () => {
  await clearLocalData();
  setApiBase(server.base);
  signInAs(team.warehouse);
});

describe('member names', () => {
  it('a warehouse member reads every member’s name; they are kept on the device', async () => {
    expect(await refreshMemberNames()).toBe(true);
    const names = await loadMemberNames();
    expect(names.members).toHaveLength(3);
    // newTeam's people: the owner's name from signUp, the invited ones «Пётр Иванов».
    expect(names.names.get(team.manager.id)).toBe('Пётр Иванов');
    expect(names.names.get(team.warehouse.id)).toBe('Пётр Иванов');
    expect(names.names.get(team.owner.id)).toBeTruthy();
    expect(names.fetchedAt).toBeGreaterThan(0);
    const stored = await getMeta<StoredMemberNames>(MEMBER_NAMES_KEY);
    expect(stored?.business_id).toBe(team.owner.id);
  });

  it('offline the names kept stay and the read says it failed', async () => {
    await refreshMemberNames();
    setApiBase('http://127.0.0.1:9'); // nothing listens there
    expect(await refreshMemberNames()).toBe(false);
    expect((await loadMemberNames()).names.get(team.manager.id)).toBe('Пётр Иванов');
  });

  it('names kept for another business never show', async () => {
    const other: StoredMemberNames = {
      business_id: crypto.randomUUID(),
      members: [{ user_id: team.manager.id, first_name: 'Чужой', last_name: '', login: 'x', role: 'owner' }],
      known: { [team.manager.id]: 'Чужой' },
      fetched_at: Date.now(),
    };
    await setMeta(MEMBER_NAMES_KEY, other);
    const names = await loadMemberNames();
    expect(names.members).toEqual([]);
    expect(names.names.size).toBe(0);
  });

  it('asks once per sign-in, and again when the names are old', async () => {
    expect(await refreshMemberNamesIfStale()).toBe(true);
    expect(await refreshMemberNamesIfStale()).toBe(false);
    expect(await refreshMemberNamesIfStale(Date.now() + 10 * 60_000)).toBe(true);
  });

  it('a member who has left keeps their name on rows; the filter lists the members there are', async () => {
    await refreshMemberNames();
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/members/${team.manager.id}/`,
      headers: team.owner.headers,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await refreshMemberNames()).toBe(true);
    const names = await loadMemberNames();
    expect(names.members.map((m) => m.id)).not.toContain(team.manager.id);
    expect(names.members).toHaveLength(2);
    expect(names.names.get(team.manager.id)).toBe('Пётр Иванов');
  });
});
