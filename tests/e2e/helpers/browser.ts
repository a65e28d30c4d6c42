import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; the suite fails rather than skips when it is missing. */
export function chromiumPath(): string {
  return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * A persistent profile, as an installed app has: service workers, IndexedDB and the
 * installability check all behave as for a real user.
 */
export async function launchProfile(extraArgs: string[] = []): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(tmpdir(), 'ostatok-profile-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
    viewport: { width: 1024, height: 768 },
    locale: 'ru-RU',
  });
}
