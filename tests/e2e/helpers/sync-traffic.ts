import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface PushCall {
  tab: string;
  ids: string[];
  status: number;
  resultStatuses: number[];
  /** Request sent → response fully received: the server's time plus the (loopback) wire. */
  ms: number;
}

interface WillBeSent {
  requestId: string;
  timestamp: number;
  request: { url: string; method: string };
}

const pathOf = (url: string) => new URL(url).pathname;

/**
 * Records the sync calls of several tabs through the DevTools protocol. Playwright's own
 * request.postData() is empty here: the app clones each Request to replay it after a 401, and a
 * cloned body goes out as a stream, which only Network.getRequestPostData can read back.
 * Only calls that got an answer count as sent: offline, every attempt fails in the browser.
 */
export class SyncTraffic {
  readonly pushes: PushCall[] = [];
  readonly failedPushes: Array<{ tab: string; ids: string[] }> = [];
  readonly pulls: Array<{ tab: string; at: number }> = [];
  private readonly open = new Map<string, { tab: string; ids: Promise<string[]>; status: number; sentAt: number }>();
  private readonly sessions: CDPSession[] = [];

  async watch(context: BrowserContext, tab: string, page: Page): Promise<void> {
    const cdp = await context.newCDPSession(page);
    this.sessions.push(cdp);
    await cdp.send('Network.enable');
    const key = (requestId: string) => `${tab}/${requestId}`;
    cdp.on('Network.requestWillBeSent', (e: WillBeSent) => {
      if (e.request.method !== 'POST' || pathOf(e.request.url) !== '/api/v1/sync/push') return;
      const ids = cdp
        .send('Network.getRequestPostData', { requestId: e.requestId })
        .then(({ postData }) => (JSON.parse(postData) as Array<{ id: string }>).map((entry) => entry.id));
      this.open.set(key(e.requestId), { tab, ids, status: 0, sentAt: e.timestamp });
    });
    cdp.on('Network.responseReceived', (e: { requestId: string; response: { url: string; status: number } }) => {
      if (pathOf(e.response.url) === '/api/v1/sync/pull') this.pulls.push({ tab, at: Date.now() });
      const call = this.open.get(key(e.requestId));
      if (call) call.status = e.response.status;
    });
    cdp.on('Network.loadingFinished', async (e: { requestId: string; timestamp: number }) => {
      const call = this.open.get(key(e.requestId));
      if (!call) return;
      const { body } = await cdp.send('Network.getResponseBody', { requestId: e.requestId });
      const results = (JSON.parse(body) as { results?: Array<{ status: number }> }).results ?? [];
      const ms = (e.timestamp - call.sentAt) * 1000;
      this.pushes.push({
        tab,
        ids: await call.ids,
        status: call.status,
        resultStatuses: results.map((r) => r.status),
        ms,
      });
      this.open.delete(key(e.requestId));
    });
    cdp.on('Network.loadingFailed', async (e: { requestId: string }) => {
      const call = this.open.get(key(e.requestId));
      if (!call) return;
      this.failedPushes.push({ tab, ids: await call.ids.catch(() => []) });
      this.open.delete(key(e.requestId));
    });
  }

  /** True when no push call is on the wire in any watched tab. */
  get idle(): boolean {
    return this.open.size === 0;
  }

  /** How often each entry id reached the server, over every tab. */
  sentCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const call of this.pushes) for (const id of call.ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  }

  async stop(): Promise<void> {
    await Promise.all(this.sessions.map((s) => s.detach().catch(() => undefined)));
  }
}
