import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server.ts';
import { eventually } from './wait.ts';

export { freePort };

/* `npm run demo` (server/scripts/demo.ts) as users run it, for the e2e tests that look at its data. */

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The demo's environment on free ports and a fresh data folder, serving the build `npm run test:e2e`
 * made (or PUBLIC_DIR: a helper working beside others points it at its own build).
 */
export async function demoEnv(
  label: string,
  offers: number,
  user: { login: string; password: string },
  extra: Record<string, string> = {},
): Promise<{ env: Record<string, string>; baseUrl: string }> {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const env = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `ostatok-${label}-`)),
    PORT: String(port),
    HOST: '127.0.0.1',
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_OFFERS: String(offers),
    PUBLIC_DIR: process.env.PUBLIC_DIR ?? path.join(root, 'dist'),
    DEMO_LOGIN: user.login,
    DEMO_PASSWORD: user.password,
    LOG_LEVEL: 'warn',
    ...extra,
  };
  return { env, baseUrl: `http://127.0.0.1:${port}` };
}

export interface DemoRun {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Runs the demo script and waits for it to print the app's address (the history is made by then). */
export async function runDemo(env: Record<string, string>): Promise<DemoRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/scripts/demo.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the demo exited with ${child.exitCode}:\n${text}`);
      return text.includes(`Остаток: http://localhost:${env.PORT}`);
    },
    'the demo to print its address',
    90_000,
  );
  return {
    child,
    output: () => text,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
