import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';

export type UserRow = typeof users.$inferSelect;

export class UsersRepository {
  constructor(private readonly root: Db) {}

  async create(values: { login: string; passwordHash: string; firstName: string; lastName: string }): Promise<UserRow> {
    const [row] = await dbOf(this.root).insert(users).values(values).returning();
    return row!;
  }

  async findByLogin(login: string): Promise<UserRow | undefined> {
    const [row] = await dbOf(this.root).select().from(users).where(eq(users.login, login));
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await dbOf(this.root).select().from(users).where(eq(users.id, id));
    return row;
  }
}
