import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export class HealthRepository {
  constructor(private readonly root: Db) {}

  /** The cheapest round trip: it waits for a free connection like any request would. */
  async ping(): Promise<void> {
    await this.root.execute(sql`select 1`);
  }
}
