import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  SandboxOptions,
  SandboxRequestLog,
  SandboxStockView,
  SandboxStore,
} from '../../../server/sandbox/server.ts';
import { freePort, waitReady } from './server-process.ts';
import type { SandboxProcessCommand, SandboxProcessReply, SandboxProcessRequest } from './sandbox-process.ts';

/**
 * Real server processes for the multi-instance tests (tests/server/two-instances.test.ts): each instance is
 * `node --import tsx server/main.ts` with its own port and DATA_DIR, configured only through the environment,
 * exactly as the README's «Несколько экземпляров» tells an operator; and the sandbox marketplace as a process.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The secrets every instance of one deployment shares (README: the same JWT_SECRET and ENCRYPTION_KEY). */
export const sharedSecrets = {
  JWT_SECRET: 'two-instances-secret-that-is-long-enough-for-hs256',
  ENCRYPTION_KEY: Buffer.alloc(32, 11).toString('base64'),
};

/** The environment a child gets: what node needs to run, not the test runner's own settings. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly pid: number;
  /** Its stdout and stderr so far, for a failed test's message. */
  output(): string;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts one server instance and waits until it is ready. `env` is its whole configuration besides the
 * shared secrets, its own port, host and temporary DATA_DIR (removed when it stops).
 */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const listenPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `ostatok-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...baseEnv(),
      ...sharedSecrets,
      PUBLIC_DIR: path.join(tmpdir(), 'ostatok-no-client'),
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${listenPort}`;
  const instance: Instance = {
    name,
    port: listenPort,
    url,
    pid: child.pid!,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitReady(url, child, instance.output, 120_000);
  } catch (error) {
    await instance.stop('SIGKILL');
    throw error;
  }
  return instance;
}

/** The sandbox marketplace in its own process (sandbox-process.ts), its request log read over IPC. */
export interface SandboxProcess {
  readonly url: string;
  readonly stores: SandboxStore[];
  /** Every marketplace request it served, with the status it answered. */
  requests(): Promise<SandboxRequestLog[]>;
  /** Holds back the requests whose path matches `pattern` by `ms` (0: none). */
  slow(pattern: RegExp, ms: number): Promise<void>;
  stocks(marketplace: SandboxStore['marketplace'], store?: string): Promise<SandboxStockView[]>;
  stop(): Promise<void>;
}

export async function startSandboxProcess(options: SandboxOptions): Promise<SandboxProcess> {
  const child = fork(path.join(repoRoot, 'tests/server/helpers/sandbox-process.ts'), [], {
    cwd: repoRoot,
    env: { ...baseEnv(), SANDBOX_OPTIONS: JSON.stringify(options) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (result: unknown) => void>();
  child.on('message', (reply: SandboxProcessReply) => {
    waiting.get(reply.id)?.(reply.result);
    waiting.delete(reply.id);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let next = 0;
  const ask = <T>(message: SandboxProcessCommand): Promise<T> =>
    new Promise<T>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve as (result: unknown) => void);
      child.send({ ...message, id } satisfies SandboxProcessRequest);
    });
  const started = await Promise.race([
    new Promise<{ url: string; stores: SandboxStore[] }>((resolve) =>
      waiting.set(0, resolve as (result: unknown) => void),
    ),
    exited.then(() => {
      throw new Error('the sandbox process exited before it was ready');
    }),
  ]);
  return {
    ...started,
    requests: () => ask<SandboxRequestLog[]>({ op: 'requests' }),
    slow: async (pattern, ms) => void (await ask({ op: 'slow', pattern: pattern.source, ms })),
    stocks: (marketplace, store) => ask<SandboxStockView[]>({ op: 'stocks', marketplace, store }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
