import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from '../../e2e/helpers/browser.ts';

export interface DebuggableChromium {
  port: number;
  close(): Promise<void>;
}

/** The brief's flags: no sandbox in this container, no GPU, no background traffic skewing the network log. */
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--no-default-browser-check',
];

/**
 * Debian's Chromium on a profile directory, listening for DevTools on a port it picks itself
 * (it writes the port to DevToolsActivePort in the profile). Lighthouse drives it through that port.
 */
export async function launchChromium(userDataDir: string): Promise<DebuggableChromium> {
  const portFile = path.join(userDataDir, 'DevToolsActivePort');
  // A previous run's file would name a port nobody listens on any more.
  rmSync(portFile, { force: true });
  const child = spawn(
    chromiumPath(),
    [...flags, `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  let port = 0;
  while (!port) {
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode} before it listened`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('chromium did not open its DevTools port within 30 s');
    }
    if (existsSync(portFile)) port = Number(readFileSync(portFile, 'utf8').split('\n')[0]) || 0;
    if (!port) await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killed);
    },
  };
}
