import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';

/*
 * The real server as a child process (`node --import tsx server/main.ts`), for tests that kill it, restart it on the
 * same folder or database, or watch its system calls (`wrap`: e.g. strace and its options before the command).
 */

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export const processSecrets = {
  JWT_SECRET: 'kill-restart-secret-that-is-long-enough-for-hs256',
  ENCRYPTION_KEY: Buffer.alloc(32, 23).toString('base64'),
};

export interface ServerProcess {
  readonly url: string;
  /** The node process (not a wrapper's). */
  readonly pid: number;
  output(): string;
  /** Sends the signal to the node process and waits until it (and any wrapper) ended. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ServerOptions {
  port: number;
  /** DATA_DIR (the embedded database's folder lives in it). */
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** A command to run the server under, e.g. ['strace', '-f', …]. */
  wrap?: string[];
  readyMs?: number;
}

function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const command = [...(options.wrap ?? []), process.execPath, '--import', 'tsx', 'server/main.ts'];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: repoRoot,
    env: {
      ...baseEnv(),
      ...processSecrets,
      PUBLIC_DIR: path.join(tmpdir(), 'ostatok-no-client'),
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      ORDER_INTAKE_ENABLED: 'false',
      ...options.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
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
  const url = `http://127.0.0.1:${options.port}`;
  const output = () => log;
  try {
    await waitReady(url, child, output, options.readyMs ?? 60_000);
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    throw err;
  }
  const pid = options.wrap ? nodeChildOf(child.pid!) : child.pid!;
  return {
    url,
    pid,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, signal);
      await exited;
    },
  };
}

/** Polls GET /api/health until it answers 200 (the server has migrated and listens). */
export async function waitReady(url: string, child: ChildProcess, output: () => string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`server at ${url} not ready after ${ms} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The node process a wrapper (strace) started: its only child. */
function nodeChildOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0]);
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
