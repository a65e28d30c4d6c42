/**
 * The server seen from outside the browser, as another device would: checks what really
 * reached it, and makes changes the open tabs can only learn about through the live channel.
 */
export interface ServerMarket {
  id: string;
  market_id: string;
  name: string;
  description: string;
}

export class ServerApi {
  constructor(
    readonly baseUrl: string,
    private token: string,
  ) {}

  /** Signs up and logs in a fresh user straight through the API. */
  static async signUp(
    baseUrl: string,
    user: { login: string; password: string; first_name: string; last_name: string },
  ): Promise<ServerApi> {
    const post = async (path: string, body: unknown) => {
      const res = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    await post('/api/v1/users/signup/', user);
    const tokens = await post('/api/v1/users/login/', {
      login: user.login,
      password: user.password,
      email: user.login,
    });
    return new ServerApi(baseUrl, String(tokens.access_token));
  }

  /** A separate session of an existing user, as a second device would hold. */
  static async logIn(baseUrl: string, login: string, password: string): Promise<ServerApi> {
    const res = await fetch(`${baseUrl}/api/v1/users/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password, email: login }),
    });
    if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
    return new ServerApi(baseUrl, String(((await res.json()) as { access_token: string }).access_token));
  }

  get accessToken(): string {
    return this.token;
  }

  async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  markets(): Promise<ServerMarket[]> {
    return this.call<ServerMarket[]>('GET', '/api/v1/markets/');
  }

  renameMarket(marketId: string, name: string): Promise<ServerMarket> {
    return this.call<ServerMarket>(
      'PATCH',
      `/api/v1/markets/${encodeURIComponent(marketId)}/`,
      { name },
      { 'idempotency-key': crypto.randomUUID() },
    );
  }
}
