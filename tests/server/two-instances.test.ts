import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveCloseCode } from '../../api/ws.ts';
import { tinyPng } from '../../server/sandbox/data.ts';
import { call, logIn, openLive, signUpThrough, type BearerSocket, type Session } from './helpers/instance-client.ts';
import {
  addStores,
  catalogOf,
  eventually,
  finished,
  jobsOf,
  OFFERS,
  pidOf,
  startDeployment,
  startImport,
  stores,
  type Deployment,
} from './helpers/two-instances-setup.ts';
import { testDbKind } from './helpers/test-database.ts';

/*
 * Issue 23, Must-show #1: two server processes over one PostgreSQL, as README «Несколько экземпляров»
 * describes, behave as one service — nothing a user does depends on which instance answers. The instances
 * are real processes (helpers/instances.ts), so a SIGKILL is a real crash; the sandbox marketplace is one
 * process both call, and it counts what it refused. PGlite is one process's embedded database: there is
 * nothing to share, so this file runs only on PostgreSQL (CI's server-postgres project).
 */

const onPostgres = testDbKind === 'postgres' ? describe : describe.skip;

let d: Deployment;
const sockets: BearerSocket[] = [];
const A = () => d.instances[0]!;
const B = () => d.instances[1]!;
const live = async (base: string, user: Session, token = user.accessToken) => {
  const socket = await openLive(base, user.id, token);
  sockets.push(socket);
  return socket;
};

/** The sandbox's own count of requests each limit refused for rate (GET /__sandbox/limits). */
const rateRefusals = async (): Promise<Record<string, number>> =>
  (await call(d.sandbox.url, 'GET', '/__sandbox/limits')).body.refused;

onPostgres('two instances over one PostgreSQL (skipped on PGlite: one process has nothing to share)', () => {
  let user: Session;

  beforeAll(async () => {
    d = await startDeployment();
    user = await signUpThrough(A().url);
    // Two cold starts (tsx compiles the server) take a few seconds, far longer on a loaded machine.
  }, 300_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await d?.close();
  });

  it('1. a token issued by A works on B, and B refreshes it', async () => {
    const me = await call(B().url, 'GET', '/api/v1/users/me/', { token: user.accessToken });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.id).toBe(user.id);
    const refreshed = await call(B().url, 'POST', '/api/v1/users/refresh/', { json: { refresh: user.refreshToken } });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    user = { ...user, accessToken: refreshed.body.access_token, refreshToken: refreshed.body.refresh_token };
    expect((await call(A().url, 'GET', '/api/v1/users/me/', { token: user.accessToken })).status).toBe(200);
  });

  it('2. a sync push on A is seen at once by a pull and by the (cached) products page on B', async () => {
    const id = randomUUID();
    const added = await call(A().url, 'POST', '/api/v1/products/warehouse/add/', {
      token: user.accessToken,
      json: [{ id, name: 'Имя 0' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const page = () => call(B().url, 'GET', '/api/v1/products/all/?page_size=100', { token: user.accessToken });
    const nameOnPage = async (): Promise<string | undefined> => {
      const products = (await page()).body.products as Array<{ product_wh: { id: string; name: string } }>;
      return products.find((p) => p.product_wh.id === id)?.product_wh.name;
    };
    expect(await nameOnPage()).toBe('Имя 0'); // B now holds this page in its cache
    let cursor = (await call(B().url, 'GET', '/api/v1/sync/pull?since=0&limit=5000', { token: user.accessToken })).body
      .cursor as number;

    const stale: string[] = [];
    // 40 rounds: before the change marker, 2–7 of 40 such reads on the other instance were stale (issue 23).
    for (let i = 1; i <= 40; i++) {
      const name = `Имя ${i}`;
      const pushed = await call(A().url, 'POST', '/api/v1/sync/push', {
        token: user.accessToken,
        json: [{ id: randomUUID(), method: 'PATCH', path: `/api/v1/products/warehouse/${id}/update/`, body: { name } }],
      });
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
      expect(pushed.body.results[0].status, JSON.stringify(pushed.body)).toBe(200);
      // No waiting: B is asked the moment A has answered.
      const [shown, pulled] = await Promise.all([
        nameOnPage(),
        call(B().url, 'GET', `/api/v1/sync/pull?since=${cursor}&limit=5000`, { token: user.accessToken }),
      ]);
      if (shown !== name) stale.push(`page ${i}: ${shown}`);
      const row = pulled.body.changes.find((c: { id: string }) => c.id === id)?.row;
      if (row?.name !== name) stale.push(`pull ${i}: ${row?.name}`);
      cursor = pulled.body.cursor;
    }
    expect(stale).toEqual([]);
  });

  it('3. a picture uploaded through A is served by B: same bytes, image type', async () => {
    // Over 256 KiB (past one stored chunk): bytes after IEND keep it a PNG by its content.
    const picture = Buffer.concat([tinyPng(23), randomBytes(300 * 1024)]);
    const form = new FormData();
    form.append('file', new Blob([picture], { type: 'image/png' }), 'photo.png');
    const uploaded = await call(A().url, 'POST', '/api/v1/products/image/', { token: user.accessToken, form });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const url = uploaded.body.url as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    const served = await fetch(`${B().url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/png/);
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);
  });

  it('4. live fan-out: a socket on B gets `changes` within 1 s of a write on A', async () => {
    const socket = await live(B().url, user);
    expect(socket.socket.protocol).toBe('bearer');
    const since = Date.now();
    const added = await call(A().url, 'POST', '/api/v1/products/warehouse/add/', {
      token: user.accessToken,
      json: [{ name: 'Товар для живого канала' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const message = await socket.first((m) => m.type === 'changes', since, 1000);
    expect(message, 'no `changes` on B within 1 s').toBeDefined();
    expect(message!.at - since).toBeLessThanOrEqual(1000);
  });

  it('5. an import of one store started on A and on B at once is one job, run once', async () => {
    const seller = await signUpThrough(A().url);
    await addStores(A().url, seller, [stores.slowOzon, stores.ym]);
    // The seller's slow import runs first: with one job a user at a time, what follows waits in the queue, so
    // the two starts below race each other, not a worker that already took the first.
    const blocker = await startImport(A().url, seller, [stores.slowOzon]);
    expect(blocker.status, JSON.stringify(blocker.body)).toBe(202);
    await eventually(async () => (await jobsOf(d.t, seller.id))[0]?.status === 'running', 10_000, 'blocker running');

    const [onA, onB] = await Promise.all([
      startImport(A().url, seller, [stores.ym]),
      startImport(B().url, seller, [stores.ym]),
    ]);
    expect([onA.status, onB.status], JSON.stringify([onA.body, onB.body])).toEqual([202, 202]);
    expect(onA.body.job_ids).toEqual(onB.body.job_ids);
    const imports = await jobsOf(d.t, seller.id, 'catalog-import');
    expect(imports.length, 'the blocker and one import of the YM store').toBe(2);

    const [done] = await finished(B().url, seller, onA.body.job_ids);
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
    expect(done.result).toMatchObject({ offers: OFFERS, added: OFFERS });
  }, 30_000);

  it('7. 20 concurrent «Передать остатки» over A and B: one job', async () => {
    const seller = await signUpThrough(A().url);
    await addStores(A().url, seller, [stores.slowOzon]);
    const blocker = await startImport(A().url, seller, [stores.slowOzon]);
    expect(blocker.status, JSON.stringify(blocker.body)).toBe(202);
    await eventually(async () => (await jobsOf(d.t, seller.id))[0]?.status === 'running', 10_000, 'blocker running');

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(d.instances[i % 2]!.url, 'POST', '/api/v1/stock-push/start/', { token: seller.accessToken, json: {} }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 202 || s === 409),
      JSON.stringify(answers.map((a) => a.body)),
    ).toBe(true);
    const ids = new Set(answers.filter((a) => a.status === 202).map((a) => a.body.job_id as string));
    expect(ids.size).toBe(1);
    const pushes = await jobsOf(d.t, seller.id, 'stock-push');
    expect(pushes.map((j) => j.id)).toEqual([...ids]);

    const [pushed] = await finished(B().url, seller, [...ids], 25_000);
    expect(pushed).toMatchObject({ status: 'done', attempts: 1 });
    const log = await call(A().url, 'GET', '/api/v1/stock-push/log/', { token: seller.accessToken });
    expect(log.body.runs).toHaveLength(1);
  }, 40_000);

  it('8. A and B pushing one seller’s stocks at once stay within the marketplace limit together', async () => {
    const [first, second] = await Promise.all([signUpThrough(A().url), signUpThrough(B().url)]);
    // Two accounts with the same Wildberries token: the marketplace counts one bucket for both.
    for (const seller of [first!, second!]) await addStores(A().url, seller, [stores.sharedWb]);
    const imports = await Promise.all([first!, second!].map((s) => startImport(A().url, s, [stores.sharedWb])));
    for (const [i, s] of [first!, second!].entries())
      expect((await finished(A().url, s, imports[i]!.body.job_ids))[0].status).toBe('done');

    const since = Date.now();
    const refusedBefore = await rateRefusals();
    const starts = await Promise.all(
      [first!, second!].map((s, i) =>
        call(d.instances[i]!.url, 'POST', '/api/v1/stock-push/start/', { token: s.accessToken, json: {} }),
      ),
    );
    for (const s of starts) expect(s.status, JSON.stringify(s.body)).toBe(202);
    // Both pushes running at the same moment, on two instances: each paces with the other's spending, or not.
    const workers = await eventually(
      async () => {
        const rows = (await Promise.all([first!, second!].map((s) => jobsOf(d.t, s.id, 'stock-push')))).flat();
        const pids = rows.filter((r) => r.status === 'running').map((r) => pidOf(r.lockedBy));
        return new Set(pids).size === 2 ? pids : undefined;
      },
      10_000,
      'both pushes running on two instances',
    );
    expect(workers.sort()).toEqual(d.instances.map((i) => i.pid).sort());

    for (const [i, s] of [first!, second!].entries()) {
      const [wire] = await finished(A().url, s, [starts[i]!.body.job_id], 25_000);
      expect(wire, JSON.stringify(wire)).toMatchObject({ status: 'done' });
      expect(wire.result).toMatchObject({ sent: OFFERS, failed: 0 });
    }
    const wbCalls = (await d.sandbox.requests()).filter((r) => r.marketplace === 'WILDBERRIES' && r.at >= since);
    expect(wbCalls.filter((r) => r.path.startsWith('/api/v3/stocks/')).length).toBeGreaterThanOrEqual(12);
    expect(wbCalls.filter((r) => r.status === 429)).toEqual([]);
    expect(await rateRefusals()).toEqual(refusedBefore);
  }, 60_000);

  it('9. logout on A: the refresh token refused on B, B’s live socket of that session closed, its token refused', async () => {
    const session = await logIn(A().url, user.login, user.password);
    const socket = await live(B().url, user, session.accessToken);
    expect((await call(B().url, 'GET', '/api/v1/users/me/', { token: session.accessToken })).status).toBe(200);

    const out = await call(A().url, 'POST', '/api/v1/users/logout/', {
      token: session.accessToken,
      json: { refresh: session.refreshToken },
    });
    expect(out.status, JSON.stringify(out.body)).toBe(204);
    const loggedOutAt = Date.now();

    const refreshed = await call(B().url, 'POST', '/api/v1/users/refresh/', {
      json: { refresh: session.refreshToken },
    });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body).toMatchObject({ code: 'refresh_invalid' });
    const closed = await Promise.race([socket.closed, new Promise<undefined>((r) => setTimeout(r, 5000))]);
    expect(closed, 'B’s socket of the session still open 5 s after logout').toBeDefined();
    expect(closed!.code).toBe(LiveCloseCode.invalidToken);
    await eventually(
      async () => (await call(B().url, 'GET', '/api/v1/users/me/', { token: session.accessToken })).status === 401,
      Math.max(0, 5000 - (Date.now() - loggedOutAt)),
      'the access token refused on B within 5 s of logout',
    );
    // The user's other session is not touched.
    expect((await call(B().url, 'GET', '/api/v1/users/me/', { token: user.accessToken })).status).toBe(200);
  }, 20_000);

  it('through a round-robin proxy (no sticky sessions) a session works end to end', async () => {
    const { url } = d.proxy;
    const before = [...d.proxy.sent];
    const seller = await signUpThrough(url);
    const socket = await live(url, seller);
    const since = Date.now();
    const id = randomUUID();
    const added = await call(url, 'POST', '/api/v1/products/warehouse/add/', {
      token: seller.accessToken,
      json: [{ id, name: 'Через прокси' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    for (let i = 0; i < 4; i++) {
      const page = await call(url, 'GET', '/api/v1/products/all/', { token: seller.accessToken });
      expect(page.status).toBe(200);
      expect(page.body.products.map((p: { product_wh: { name: string } }) => p.product_wh.name)).toEqual([
        'Через прокси',
      ]);
    }
    expect(await socket.first((m) => m.type === 'changes', since, 2000)).toBeDefined();
    // Both instances took part.
    expect(d.proxy.sent.map((n, i) => n - before[i]!).every((n) => n >= 2)).toBe(true);
  });

  // Last: it leaves one instance dead.
  it('6. SIGKILL of the instance running a job: the other finishes it, exactly once', async () => {
    const seller = await signUpThrough(A().url);
    await addStores(A().url, seller, [stores.slowOzon]);
    const started = await startImport(A().url, seller, [stores.slowOzon]);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const [jobId] = started.body.job_ids as string[];

    // Mid-job: running, its first page written, more to come.
    const running = await eventually(
      async () => {
        const [job] = await jobsOf(d.t, seller.id);
        const written = (await catalogOf(d.t, seller.id)).offers.length;
        return job?.status === 'running' && written > 0 && written < OFFERS ? job : undefined;
      },
      10_000,
      'import running with part of the catalog written',
    );
    const victim = d.instances.findIndex((i) => i.pid === pidOf(running.lockedBy));
    expect(victim, `job locked by ${running.lockedBy}, instances ${d.instances.map((i) => i.pid)}`).toBeGreaterThan(-1);
    const survivor = d.instances[1 - victim]!;
    await d.instances[victim]!.stop('SIGKILL');
    const killedAt = Date.now();

    const [wire] = await finished(survivor.url, seller, [jobId!], 25_000);
    expect(wire, JSON.stringify(wire)).toMatchObject({ status: 'done', attempts: 2, error: null });
    const [job] = await jobsOf(d.t, seller.id);
    expect(pidOf(job!.lockedBy) ?? survivor.pid).toBe(survivor.pid);
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(2000); // not before the lease ran out
    const catalog = await catalogOf(d.t, seller.id);
    expect(catalog.offers.length).toBe(OFFERS);
    expect(new Set(catalog.offers).size).toBe(OFFERS);
    expect(catalog.products).toBe(OFFERS);
  }, 60_000);
});
