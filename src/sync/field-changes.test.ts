// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../../tests/server/helpers/test-app.ts';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { changedByText } from '../ui/changed-by-note.tsx';
import { signInAs, startRealServer, type RealServer } from '../testing/real-server.ts';
import { apiCall } from './contract.ts';
import { dismissReplacedField, replacedFieldsOf, replacerName, watchOwnEdits } from './field-changes.ts';
import { loadMemberNames, refreshMemberNames } from './member-names.ts';
import { queueUpdate } from './outbox.ts';
import { pullChanges } from './pull.ts';
import { drainOutbox, type PushTransport } from './push-worker.ts';
import { pullOverHttp, pushOverHttp } from './transports.ts';

// Issue 24: two members of one business edit the same field of a product without a network. The server keeps the
// edit that reached it last; both devices end with that value, and the one whose value was replaced is told who
// replaced it and when — the other is told nothing.

let server: RealServer;
let owner: TestUser;
let manager: TestUser;

async function inject(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, as?: TestUser) {
  const res = await server.app.inject({ method, url, payload: payload as never, headers: as?.headers ?? {} });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as Record<string, unknown>;
}

/** The manager joins the owner's business the way a colleague does: an invitation, and a sign-up with its code. */
async function joinWithInvitation(): Promise<TestUser> {
  const { code } = await inject('POST', '/api/v1/team/invitations/', { role: 'manager' }, owner);
  const login = `manager-${crypto.randomUUID().slice(0, 8)}@example.ru`;
  const password = 'correct horse battery';
  const signup = await inject('POST', '/api/v1/users/signup/', {
    login,
    password,
    first_name: 'Борис',
    last_name: 'Петров',
    invitation: code,
  });
  const tokens = await inject('POST', '/api/v1/users/login/', { login, password, email: login });
  const accessToken = String(tokens.access_token);
  return {
    id: String(signup.id),
    login,
    password,
    accessToken,
    refreshToken: String(tokens.refresh_token),
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

/** One member's device: its own IndexedDB, its edits recorded as the app's are, synced as that member. */
class Device {
  readonly database = new OstatokDatabase('test-' + crypto.randomUUID());
  private readonly stopWatching = watchOwnEdits(this.database);
  constructor(readonly user: TestUser) {}

  /** Edits as the product screen does: the row on the device and one PATCH with the fields. */
  async edit(id: string, fields: Record<string, string>) {
    signInAs(this.user);
    await queueUpdate(
      'products_wh',
      id,
      { ...fields, updated_at: new Date().toISOString() },
      apiCall('PATCH', '/products/warehouse/{id}/update/', { params: { id }, body: fields }),
      this.database,
    );
  }

  async push(transport: PushTransport = pushOverHttp) {
    signInAs(this.user);
    expect(await drainOutbox(transport, this.database)).toMatchObject({ rejected: 0 });
  }

  async pull() {
    signInAs(this.user);
    await pullChanges(pullOverHttp, this.database);
  }

  async sync() {
    await this.push();
    await this.pull();
  }

  product(id: string): Promise<MirroredRow | undefined> {
    return this.database.mirrored('products_wh').get(id);
  }

  notes(id: string) {
    return replacedFieldsOf('products_wh', id, this.database);
  }

  async close() {
    this.stopWatching();
    await this.database.delete();
  }
}

let a: Device;
let b: Device;
let productId: string;

beforeAll(async () => {
  server = await startRealServer();
  owner = await server.signUp();
  manager = await joinWithInvitation();
}, 120_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  productId = crypto.randomUUID();
  await inject('POST', '/api/v1/products/warehouse/add/', [{ id: productId, name: 'Чайник' }], owner);
  a = new Device(owner);
  b = new Device(manager);
  // Both devices hold the product before the network goes.
  await a.pull();
  await b.pull();
});
afterEach(async () => {
  await a.close();
  await b.close();
});

const serverName = async () => {
  const body = await inject('GET', `/api/v1/products/product/${productId}/`, undefined, owner);
  return (body.product_wh as { name: string }).name;
};

/** Both devices and the server hold one name; answers it. */
async function converged(): Promise<string> {
  const name = await serverName();
  expect((await a.product(productId))?.name).toBe(name);
  expect((await b.product(productId))?.name).toBe(name);
  return name;
}

describe('two members edit the same field offline', { timeout: 30_000 }, () => {
  it('the one who synced first is told that the other replaced the value; the other is told nothing', async () => {
    await a.edit(productId, { name: 'Чайник стальной' });
    await b.edit(productId, { name: 'Чайник белый' });

    await a.sync();
    await b.sync();
    await a.pull(); // the live channel's «changes» after the manager's push

    expect(await converged()).toBe('Чайник белый');
    const [note] = await a.notes(productId);
    expect(note).toMatchObject({ field: 'name', by: manager.id });
    const updatedAt = (await a.product(productId))!.updated_at as string;
    expect(note!.at).toBe(updatedAt);
    expect(await b.notes(productId)).toEqual([]);

    // The note names the manager as the team list does.
    signInAs(owner);
    expect(await refreshMemberNames(a.database)).toBe(true);
    expect(replacerName((await loadMemberNames(a.database)).names, note!.by)).toBe('Борис Петров');
  });

  it('in the other order the manager is told, naming the owner', async () => {
    await a.edit(productId, { name: 'Чайник стальной' });
    await b.edit(productId, { name: 'Чайник белый' });

    await b.sync();
    await a.sync();
    await b.pull();

    expect(await converged()).toBe('Чайник стальной');
    expect(await b.notes(productId)).toMatchObject([{ field: 'name', by: owner.id }]);
    expect(await a.notes(productId)).toEqual([]);
  });

  it('says nothing of a field this device did not edit, or of a value equal to its own', async () => {
    await a.edit(productId, { name: 'Чайник стальной' });
    await b.edit(productId, { name: 'Чайник стальной', description: 'Нержавейка' });

    await a.sync();
    await b.sync();
    await a.pull();

    expect(await converged()).toBe('Чайник стальной');
    expect((await a.product(productId))?.description).toBe('Нержавейка');
    expect(await a.notes(productId)).toEqual([]);
    expect(await b.notes(productId)).toEqual([]);
  });

  it('the note goes when the person edits the field again, or dismisses it', async () => {
    await a.edit(productId, { name: 'Чайник стальной' });
    await b.edit(productId, { name: 'Чайник белый' });
    await a.sync();
    await b.sync();
    await a.pull();
    expect(await a.notes(productId)).toHaveLength(1);

    await a.edit(productId, { name: 'Чайник стальной, 2 л' });
    await a.sync();
    expect(await a.notes(productId)).toEqual([]);
    // The owner's new value stands; now the manager's was replaced.
    await b.pull();
    expect(await converged()).toBe('Чайник стальной, 2 л');
    expect(await b.notes(productId)).toMatchObject([{ field: 'name', by: owner.id }]);

    await dismissReplacedField('products_wh', productId, 'name', b.database);
    expect(await b.notes(productId)).toEqual([]);
  });

  it('a pull that lands while the edit is on the wire leaves the verdict to the order the server applied them in', async () => {
    await a.edit(productId, { name: 'Чайник стальной' });
    // The owner's push is applied; before its answer comes back, the manager's edit (from another device of theirs:
    // this one's drain would wait for the owner's) lands too, and the owner's device pulls the manager's row: the live
    // channel was quicker than the answer.
    const answerLate: PushTransport = async (entries) => {
      const outcome = await pushOverHttp(entries);
      await inject('PATCH', `/api/v1/products/warehouse/${productId}/update/`, { name: 'Чайник белый' }, manager);
      await a.pull();
      expect(await a.notes(productId)).toEqual([]); // not decided while the edit is on the wire
      return outcome;
    };
    await a.push(answerLate);
    await a.pull();
    await b.pull();

    expect(await converged()).toBe('Чайник белый');
    expect(await a.notes(productId)).toMatchObject([{ field: 'name', by: manager.id }]);
    expect(await b.notes(productId)).toEqual([]);
  });

  it('a colleague’s copy pulled before this device’s edit reached the server is no replacement', async () => {
    await a.edit(productId, { name: 'Чайник стальной' });
    await b.edit(productId, { name: 'Чайник белый' });
    await b.sync();
    // The owner's device pulls the manager's value while its own edit still waits, then sends it: the owner's wins.
    await a.pull();
    expect((await a.product(productId))?.name).toBe('Чайник стальной');
    await a.sync();
    await b.pull();

    expect(await converged()).toBe('Чайник стальной');
    expect(await a.notes(productId)).toEqual([]);
    expect(await b.notes(productId)).toMatchObject([{ field: 'name', by: owner.id }]);
  });
});

it('a note names the server when its own work replaced the value, and «другой сотрудник» when the name is unknown', () => {
  expect(replacerName(new Map(), null)).toBe('система');
  expect(replacerName(new Map(), 'someone')).toBe('другой сотрудник');
});

it('a note tells the time on the device’s clock, 24 h; a change of another day names the day', () => {
  const now = new Date(2025, 2, 14, 18, 30);
  expect(changedByText('Борис Петров', new Date(2025, 2, 14, 14, 5).toISOString(), now)).toBe(
    'Изменено: Борис Петров, 14:05',
  );
  expect(changedByText('система', new Date(2025, 2, 12, 9, 0).toISOString(), now)).toBe(
    'Изменено: система, 12.03 09:00',
  );
});
