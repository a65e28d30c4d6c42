import type { FastifyInstance } from 'fastify';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** The demo's way into the app: every call goes through the real routes (app.inject), as a client's would. */
export class DemoApi {
  readonly calls = { count: 0 };

  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string> = {},
  ) {}

  withToken(accessToken: string): DemoApi {
    return new DemoApi(this.app, { authorization: `Bearer ${accessToken}` });
  }

  async call<T = unknown>(method: Method, url: string, payload?: unknown): Promise<Answer<T>> {
    this.calls.count += 1;
    const res = await this.app.inject({ method, url, headers: this.headers, payload: payload as object | undefined });
    return { status: res.statusCode, body: (res.body === '' ? null : res.json()) as T };
  }

  /** A call the demo cannot do without: any other status stops it with the answer in the message. */
  async expect<T = unknown>(status: number, method: Method, url: string, payload?: unknown): Promise<T> {
    const answer = await this.call<T>(method, url, payload);
    if (answer.status !== status)
      throw new DemoSetupError(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    return answer.body;
  }

  /** Every page of a paged list (200 a page, the most the API gives). */
  async all<T>(url: string, pick: (body: never) => { rows: T[]; total: number }): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const sep = url.includes('?') ? '&' : '?';
      const body = await this.expect<never>(200, 'GET', `${url}${sep}page=${page}&page_size=200`);
      const got = pick(body);
      rows.push(...got.rows);
      if (got.rows.length === 0 || rows.length >= got.total) return rows;
    }
  }

  /** Waits for background jobs (catalog, returns, posting statuses) to end; returns their outcomes. */
  async waitJobs(ids: string[]): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (const id of ids) {
      for (;;) {
        const job = await this.expect<JobOutcome>(200, 'GET', `/api/v1/jobs/${id}/`);
        if (job.status === 'done' || job.status === 'failed') {
          outcomes.push(job);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return outcomes;
  }
}

export interface JobOutcome {
  status: string;
  result: Record<string, unknown> | null;
  error: string | null;
}

export class DemoSetupError extends Error {}
