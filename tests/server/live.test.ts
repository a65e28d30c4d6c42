import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveCloseCode, type LiveMessage } from '../../api/ws.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';
import { LiveClient, connectLive, listen, waitUntil, withTimeout } from './helpers/live-client.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let base: string;
let alice: TestUser;
let bob: TestUser;
const clients: LiveClient[] = [];

/** Every socket a test opens is closed in afterAll, even when the test fails half-way. */
async function open(
  url: string,
  user: TestUser,
  via: 'query' | 'protocol' = 'protocol',
  as: TestUser = user,
): Promise<LiveClient> {
  const client = await connectLive(url, user.id, as.accessToken, via);
  clients.push(client);
  return client;
}

function refused(
  url: string,
  userId: string,
  token?: string,
  via: 'query' | 'protocol' = 'protocol',
): Promise<{ code: number; reason: string }> {
  const client = new LiveClient(url, userId, { token, via });
  clients.push(client);
  return withTimeout(client.closed, 3000, 'refused socket close');
}

const sign = (claims: { sub: string; typ: string; exp: number }, secret: Uint8Array) =>
  new SignJWT({ typ: claims.typ })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('ostatok')
    .setIssuedAt(claims.exp - 900)
    .setExpirationTime(claims.exp)
    .sign(secret);

const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await startTestApp(testDb.database);
  base = await listen(app);
  alice = await signUp(app);
  bob = await signUp(app);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await app?.close();
  await testDb?.drop();
});

describe('live channel', () => {
  it('delivers progress and notification messages to the owner, in order', async () => {
    const socket = await open(base, alice);
    expect(app.live.connectionCount(alice.id)).toBeGreaterThanOrEqual(1);

    const progress: LiveMessage = { type: 'progress', value: 42, job_id: 'job-1' };
    const notification: LiveMessage = { type: 'notification', value: { type: 'success', text: 'Импорт завершён' } };
    app.live.publish(alice.id, progress);
    app.live.publish(alice.id, notification);

    expect(await socket.take(2)).toEqual([progress, notification]);
    await socket.close();
  });

  it("takes the token as the subprotocol pair 'bearer', <token> and answers the protocol 'bearer'", async () => {
    const socket = await open(base, alice, 'protocol');
    // The browser accepts the handshake only if the server picked one of the offered protocols.
    expect(socket.socket.protocol).toBe('bearer');
    app.live.publish(alice.id, { type: 'changes' });
    expect(await socket.next()).toEqual({ type: 'changes' });
    await socket.close();
  });

  it('refuses a token in the query string, even a valid one, with 4400 and a Russian reason', async () => {
    const before = app.live.connectionCount(alice.id);
    const closed = await refused(base, alice.id, alice.accessToken, 'query');
    expect(closed).toEqual({
      code: LiveCloseCode.tokenInUrl,
      reason: 'Токен в адресе не принимается: обновите приложение',
    });
    expect(app.live.connectionCount(alice.id)).toBe(before);
  });

  it("refuses the old single subprotocol 'bearer.<token>'", async () => {
    const client = new WebSocket(`${base}/user/${alice.id}/`, [`bearer.${alice.accessToken}`]);
    const outcome = await withTimeout(
      new Promise<string>((resolve) => {
        client.once('close', (code) => resolve(`close ${code}`));
        client.once('error', () => resolve('handshake refused'));
      }),
      3000,
      'old subprotocol refused',
    );
    // ws fails the handshake itself, as a browser would, when no offered protocol is picked.
    expect(outcome).toMatch(/^(handshake refused|close 4401)$/);
    client.terminate();
  });

  it('closes with 4401 without a token, or with a forged, expired or refresh token', async () => {
    const before = app.live.connectionCount();
    const forged = await sign(
      { sub: alice.id, typ: 'access', exp: now() + 600 },
      new TextEncoder().encode('x'.repeat(48)),
    );
    const expired = await sign({ sub: alice.id, typ: 'access', exp: now() - 60 }, app.config.jwtSecret);
    const wrongType = await sign({ sub: alice.id, typ: 'refresh', exp: now() + 600 }, app.config.jwtSecret);

    for (const token of [undefined, 'not-a-jwt', forged, expired, wrongType, alice.refreshToken]) {
      const closed = await refused(base, alice.id, token);
      expect(closed.code, `token ${token}`).toBe(LiveCloseCode.invalidToken);
    }
    expect(app.live.connectionCount()).toBe(before);
  });

  it("closes with 4403 when the token belongs to another user than the channel's", async () => {
    const closed = await refused(base, bob.id, alice.accessToken);
    expect(closed.code).toBe(LiveCloseCode.forbidden);
    expect(app.live.connectionCount(bob.id)).toBe(0);
  });

  it('forgets a socket once the client closes it', async () => {
    const socket = await open(base, bob);
    expect(app.live.connectionCount(bob.id)).toBe(1);
    await socket.close();
    await waitUntil(() => app.live.connectionCount(bob.id) === 0, 2000, 'hub drops the closed socket');
  });

  it("a write through the API sends 'changes' to the writer's sockets and not to other users'", async () => {
    const aliceSocket = await open(base, alice);
    const aliceSecond = await open(base, alice, 'protocol');
    const bobSocket = await open(base, bob);

    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/markets/add/',
      headers: alice.headers,
      payload: { market_id: 'live-1', name: 'Склад на Лесной' },
    });
    expect(res.statusCode).toBe(201);
    expect(await aliceSocket.next()).toEqual({ type: 'changes' });
    expect(await aliceSecond.next()).toEqual({ type: 'changes' });

    // Delivery is in order per socket: had Bob been told, 'changes' would arrive before this marker.
    const marker: LiveMessage = { type: 'notification', value: { type: 'info', text: 'marker' } };
    app.live.publish(bob.id, marker);
    expect(await bobSocket.next()).toEqual(marker);

    // A refused write rolls back and must not send anyone to pull.
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/v1/markets/add/',
      headers: alice.headers,
      payload: { market_id: 'live-1', name: 'Дубль' },
    });
    expect(duplicate.statusCode).toBe(409);
    app.live.publish(alice.id, marker);
    expect(await aliceSocket.next()).toEqual(marker);

    await Promise.all([aliceSocket.close(), aliceSecond.close(), bobSocket.close()]);
  });
});

describe.runIf(testDbKind === 'postgres')('live channel across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let database2: Database;
  let app2: FastifyInstance;
  let base2: string;

  beforeAll(async () => {
    database2 = await openDatabase({ url: testDb.url!, embeddedDir: 'memory://' });
    app2 = await startTestApp(database2);
    base2 = await listen(app2);
  });

  afterAll(async () => {
    await app2?.close();
    await database2?.close();
  });

  it('a message published on one instance reaches sockets on both, exactly once', async () => {
    const onA = await open(base, alice);
    const onB = await open(base2, alice, 'protocol');
    const message: LiveMessage = { type: 'progress', value: 64, job_id: 'job-x' };
    const marker: LiveMessage = { type: 'notification', value: { type: 'info', text: 'marker' } };

    app.live.publish(alice.id, message);
    app.live.publish(alice.id, marker);

    // The marker right after the message shows neither instance delivered it twice.
    expect(await onB.take(2)).toEqual([message, marker]);
    expect(await onA.take(2)).toEqual([message, marker]);
    expect(app2.live.connectionCount(alice.id)).toBe(1);

    // And the other way round.
    app2.live.publish(alice.id, { type: 'changes' });
    expect(await onA.next()).toEqual({ type: 'changes' });
    expect(await onB.next()).toEqual({ type: 'changes' });
    await Promise.all([onA.close(), onB.close()]);
  });

  it("a write on one instance sends 'changes' to the writer's socket on another, not to other users'", async () => {
    const aliceOnB = await open(base2, alice);
    const bobOnB = await open(base2, bob);

    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/markets/add/',
      headers: alice.headers,
      payload: { market_id: 'live-cross', name: 'Склад на Садовой' },
    });
    expect(res.statusCode).toBe(201);
    expect(await aliceOnB.next()).toEqual({ type: 'changes' });

    // Published after the write through the same bus connection, so it arrives after any 'changes'.
    const marker: LiveMessage = { type: 'notification', value: { type: 'info', text: 'marker' } };
    app.live.publish(bob.id, marker);
    expect(await bobOnB.next()).toEqual(marker);
    await Promise.all([aliceOnB.close(), bobOnB.close()]);
  });
});

describe('live channel on shutdown', () => {
  it('tells connected clients it is a restart (1001), so they reconnect', async () => {
    const own = await startTestApp(testDb.database);
    const url = await listen(own);
    const client = await connectLive(url, alice.id, alice.accessToken);
    clients.push(client);
    await own.close();
    const { code } = await withTimeout(client.closed, 3000, 'close on shutdown');
    expect(code).toBe(LiveCloseCode.goingAway);
  });
});
