import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The real server as users run it (`node --import tsx server/main.ts`) on the embedded
 * database in a fresh DATA_DIR, serving the built PWA from dist/.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ostatok-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A loaded machine (several test runs at once) may need longer: E2E_SERVER_START_MS.
  const deadline = Date.now() + Number(process.env.E2E_SERVER_START_MS ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server did not start in time');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The server's environment for a test against the sandbox marketplace: every marketplace address it
 * calls (catalogs, returns, orders) at the sandbox, small pages, and jobs picked up at once rather
 * than on the next 1 s poll. The order intake is off unless the test turns it on.
 */
export function sandboxEnv(sandboxUrl: string, pageSize: number): Record<string, string> {
  return {
    OZON_API_URL: sandboxUrl,
    WB_CONTENT_API_URL: sandboxUrl,
    WB_ANALYTICS_API_URL: sandboxUrl,
    WB_MARKETPLACE_API_URL: sandboxUrl,
    YM_API_URL: sandboxUrl,
    MARKETPLACE_PAGE_SIZE: String(pageSize),
    JOB_POLL_MS: '100',
    // Connected stores take their orders in by themselves (docs/rules.md «Заказы маркетплейсов»): only the tests of
    // that (orders.test.ts) turn it on, so the others keep the books they set up.
    ORDER_INTAKE_ENABLED: 'false',
  };
}
