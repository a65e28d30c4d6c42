import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eventually } from './wait.ts';

export { freePort } from './server.ts';

/* `npm run demo` (server/scripts/demo.ts) as users run it, for the e2e tests that look at its data. */

const root = path.resolve(import.meta.dirname, '../../..');

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
