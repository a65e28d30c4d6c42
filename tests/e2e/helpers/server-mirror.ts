import { ServerApi } from './api.ts';
import { StockApi, type ServerFigures } from './stock-api.ts';

export interface ServerChange {
  table: string;
  id: string;
  version: number;
  deleted: boolean;
  row: Record<string, unknown> | null;
}

/** Every live row of the user by table and id, as a full pull from 0 brings them, and the last cursor. */
export interface ServerRows {
  cursor: number;
  tables: Map<string, Map<string, ServerChange>>;
}

/**
 * The server seen by a second session of the same user, straight to the server (not through the
 * chaos proxy). Access tokens live a few seconds in this run, so a read that meets a 401 logs in
 * afresh and starts over.
 */
export class ServerMirror {
  private api?: ServerApi;
  private seen = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly user: { login: string; password: string },
  ) {}

  private async session<T>(read: (api: ServerApi) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      this.api ??= await ServerApi.logIn(this.baseUrl, this.user.login, this.user.password);
      try {
        return await read(this.api);
      } catch (err) {
        if (!/: 401 /.test(String(err)) || attempt === 3) throw err;
        this.api = undefined;
      }
    }
  }

  /** The server's latest change (the cursor a device holding everything has), read on from the last call. */
  latestCursor(): Promise<number> {
    return this.session(async (api) => {
      for (;;) {
        const page = await api.call<{ cursor: number; has_more: boolean }>(
          'GET',
          `/api/v1/sync/pull?since=${this.seen}&limit=1000`,
        );
        this.seen = page.cursor;
        if (!page.has_more) return this.seen;
      }
    });
  }

  /** GET /api/v1/sync/pull?since=0, page after page: the rows a device starting from nothing would mirror. */
  fullPull(): Promise<ServerRows> {
    return this.session(async (api) => {
      const tables = new Map<string, Map<string, ServerChange>>();
      let since = 0;
      for (;;) {
        const page = await api.call<{ cursor: number; has_more: boolean; changes: ServerChange[] }>(
          'GET',
          `/api/v1/sync/pull?since=${since}&limit=1000`,
        );
        for (const change of page.changes) {
          const rows = tables.get(change.table) ?? new Map<string, ServerChange>();
          tables.set(change.table, rows);
          if (change.deleted) rows.delete(change.id);
          else rows.set(change.id, change);
        }
        since = page.cursor;
        if (!page.has_more) return { cursor: page.cursor, tables };
      }
    });
  }

  /** GET /api/v1/products/all/: the figures the server rolls up from its lots. */
  figures(): Promise<Map<string, ServerFigures>> {
    return this.session((api) => new StockApi(api).figures());
  }
}
