import type { BrowserContext, Page } from 'playwright-core';

export interface WebManifest {
  name?: string;
  short_name?: string;
  lang?: string;
  display?: string;
  start_url?: string;
  icons?: Array<{ src: string; sizes?: string; type?: string; purpose?: string }>;
}

/** The app as Chrome sees it for installation: manifest, service worker, the installability verdict. */
export class PwaPage {
  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  /** Chrome's own verdict (the one behind the install button), straight from the DevTools protocol. */
  async installabilityErrors(): Promise<Array<{ errorId: string; errorArguments: unknown[] }>> {
    const cdp = await this.context.newCDPSession(this.page);
    try {
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string; errorArguments: unknown[] }>;
      };
      return installabilityErrors;
    } finally {
      await cdp.detach();
    }
  }

  /** The manifest the page links to, fetched by the page itself (so through its service worker). */
  manifest(): Promise<{ href: string; body: WebManifest }> {
    return this.page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
      if (!href) throw new Error('no <link rel="manifest">');
      const res = await fetch(href);
      return { href, body: (await res.json()) as WebManifest };
    });
  }

  /** Whether an image URL loads and its natural size, as the install prompt would use it. */
  iconSize(src: string): Promise<{ width: number; height: number } | null> {
    return this.page.evaluate(
      (url) =>
        new Promise<{ width: number; height: number } | null>((resolve) => {
          const img = new Image();
          img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
          img.onerror = () => resolve(null);
          img.src = url;
        }),
      src,
    );
  }

  /** A fetch from the page: its status and content type, or the network error's message. */
  fetchFromPage(
    path: string,
  ): Promise<{ ok: true; status: number; contentType: string | null } | { ok: false; error: string }> {
    return this.page.evaluate(async (p) => {
      try {
        const res = await fetch(p);
        return { ok: true as const, status: res.status, contentType: res.headers.get('content-type') };
      } catch (err) {
        return { ok: false as const, error: String(err) };
      }
    }, path);
  }

  /** A top-level navigation: what the address shows, or the navigation error. */
  async navigate(
    url: string,
  ): Promise<{ ok: true; status: number | null; appShell: boolean } | { ok: false; error: string }> {
    try {
      const res = await this.page.goto(url);
      const appShell = (await this.page.locator('#root').count()) > 0;
      return { ok: true, status: res?.status() ?? null, appShell };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
    }
  }
}
