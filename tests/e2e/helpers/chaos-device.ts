import type { BrowserContext, Page } from 'playwright-core';
import { AppPage } from '../pages/app-page.ts';
import { AuthPage } from '../pages/auth-page.ts';
import { LocalData, type StoredOutboxEntry } from '../pages/local-data.ts';

export interface SignOut {
  /** Edits made so far when the app landed on /auth. */
  afterEdits: number;
  at: string;
  /** Outbox entries still unsettled on the device at that moment (they survive: login keeps one user's data). */
  unsettled: number;
}

export interface TabKill {
  afterEdits: number;
  how: 'close' | 'crash';
  /** Outbox entries pending or on the wire when the tab went. */
  queued: number;
  sending: number;
}

const UI_TIMEOUT_MS = 15_000;

/**
 * The one device of the run: a persistent browser profile on the proxy's origin, with one open
 * tab at a time. Notes every landing on /auth (a sign-out: the run must never see one) and
 * signs back in through the UI so the run can go on and the damage be measured.
 */
export class ChaosDevice {
  page!: Page;
  readonly signOuts: SignOut[] = [];
  readonly kills: TabKill[] = [];
  offline = false;
  private edits = 0;
  /** Landings on /auth count from the first sign-in on (the first load shows the login form by design). */
  private signedInOnce = false;
  /** Set from a landing on /auth until the run has signed back in. */
  private signedOut = false;

  constructor(
    readonly context: BrowserContext,
    readonly baseUrl: string,
    private readonly user: { login: string; password: string },
  ) {}

  get app(): AppPage {
    return new AppPage(this.page);
  }

  get local(): LocalData {
    return new LocalData(this.page);
  }

  /** The edit count the next sign-out or kill is reported against. */
  set editsDone(n: number) {
    this.edits = n;
  }

  /** Opens a tab of the profile on `path`, watching where its main frame goes. */
  async openTab(path: string): Promise<void> {
    const page = await this.context.newPage();
    page.setDefaultTimeout(UI_TIMEOUT_MS);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || new URL(frame.url()).pathname !== '/auth') return;
      // One sign-out may land twice (the full load of /auth, then the router settling on it).
      if (!this.signedInOnce || this.signedOut) return;
      this.signedOut = true;
      this.signOuts.push({ afterEdits: this.edits, at: new Date().toISOString(), unsettled: -1 });
    });
    this.page = page;
    await page.goto(this.baseUrl + path);
  }

  /** First sign-in through the login form, before any fault is on. */
  async signIn(): Promise<void> {
    await this.page.waitForURL(/\/auth$/);
    await new AuthPage(this.page).login(this.user);
    await this.app.expectTitle('Главная');
    await this.app.waitForServiceWorker();
    this.signedInOnce = true;
  }

  get onAuthScreen(): boolean {
    return new URL(this.page.url()).pathname === '/auth';
  }

  /**
   * After a sign-out: notes what was left unsent, signs in again (online: the login form needs
   * the server) and returns to the previous network state.
   */
  async recoverFromSignOut(): Promise<void> {
    const last = this.signOuts.at(-1);
    if (last && last.unsettled < 0) last.unsettled = (await this.unsettled()).length;
    const wasOffline = this.offline;
    if (wasOffline) await this.setOffline(false);
    await this.page.locator('input[name="login"]').waitFor();
    await new AuthPage(this.page).login(this.user);
    await this.app.expectTitle('Главная');
    this.signedOut = false;
    if (wasOffline) await this.setOffline(true);
  }

  async setOffline(offline: boolean): Promise<void> {
    this.offline = offline;
    await this.context.setOffline(offline);
  }

  /** Outbox entries not settled yet: waiting, on the wire, or accepted outflows kept until a pull. */
  async unsettled(): Promise<StoredOutboxEntry[]> {
    return (await this.local.outbox()).filter((e) => e.status !== 'rejected');
  }

  /**
   * Ends the tab the hard way while its edits are queued or being sent (closed, or its renderer
   * crashed through the DevTools protocol), then opens a new tab of the same profile.
   */
  async killTab(how: 'close' | 'crash'): Promise<TabKill> {
    const outbox = await this.local.outbox();
    const kill: TabKill = {
      afterEdits: this.edits,
      how,
      queued: outbox.filter((e) => e.status === 'pending').length,
      sending: outbox.filter((e) => e.status === 'sending').length,
    };
    const old = this.page;
    if (how === 'crash') {
      const cdp = await this.context.newCDPSession(old);
      // Never answers: the renderer is gone before it could.
      void cdp.send('Page.crash').catch(() => undefined);
      await old.waitForEvent('crash', { timeout: 10_000 }).catch(() => undefined);
    }
    await old.close().catch(() => undefined);
    this.kills.push(kill);
    await this.openTab('/products');
    await this.app.expectTitle('Товары');
    return kill;
  }
}
