import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businesses, invitations, members, productsWh, stockMovements, users } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import type { Role } from '../lib/roles.ts';
import type { Membership } from '../lib/tokens.ts';

export type InvitationRow = typeof invitations.$inferSelect;

export interface MemberView {
  userId: string;
  login: string;
  firstName: string;
  lastName: string;
  role: Role;
  canSeeCosts: boolean;
  joinedAt: Date;
  lastSeenAt: Date | null;
}

const memberColumns = {
  userId: members.userId,
  login: users.login,
  firstName: users.firstName,
  lastName: users.lastName,
  role: members.role,
  canSeeCosts: members.canSeeCosts,
  joinedAt: members.joinedAt,
  lastSeenAt: members.lastSeenAt,
};

/** Businesses, their members and invitations: who works where, and as what. */
export class TeamRepository {
  constructor(private readonly root: Db) {}

  /** A new account founds its own business, as its owner (its id is the account's: server/db/schema/team.ts). */
  async found(userId: string, name: string): Promise<void> {
    const db = dbOf(this.root);
    await db.insert(businesses).values({ id: userId, name }).onConflictDoNothing();
    await db
      .insert(members)
      .values({ userId, businessId: userId, role: 'owner', canSeeCosts: true })
      .onConflictDoNothing();
  }

  async membershipOf(userId: string): Promise<Membership | undefined> {
    const [row] = await dbOf(this.root)
      .select({
        userId: members.userId,
        businessId: members.businessId,
        role: members.role,
        canSeeCosts: members.canSeeCosts,
      })
      .from(members)
      .where(eq(members.userId, userId));
    return row && { ...row, canSeeCosts: row.role !== 'warehouse' || row.canSeeCosts };
  }

  async business(id: string): Promise<{ id: string; name: string } | undefined> {
    const [row] = await dbOf(this.root)
      .select({ id: businesses.id, name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, id));
    return row;
  }

  async rename(id: string, name: string): Promise<void> {
    await dbOf(this.root).update(businesses).set({ name }).where(eq(businesses.id, id));
  }

  async membersOf(businessId: string): Promise<MemberView[]> {
    return dbOf(this.root)
      .select(memberColumns)
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(eq(members.businessId, businessId))
      .orderBy(members.joinedAt, members.userId);
  }

  async member(businessId: string, userId: string): Promise<MemberView | undefined> {
    const [row] = await dbOf(this.root)
      .select(memberColumns)
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(eq(members.businessId, businessId), eq(members.userId, userId)))
      .for('update', { of: members });
    return row;
  }

  async changeMember(userId: string, change: { role?: Role; canSeeCosts?: boolean }): Promise<void> {
    await dbOf(this.root).update(members).set(change).where(eq(members.userId, userId));
  }

  /** Moves a person to a business as `role` (joining a team, or back to their own as its owner when removed). */
  async moveTo(userId: string, businessId: string, role: Role, canSeeCosts: boolean): Promise<void> {
    await dbOf(this.root)
      .update(members)
      .set({ businessId, role, canSeeCosts, joinedAt: new Date(), lastSeenAt: null })
      .where(eq(members.userId, userId));
  }

  /** How many other people work in a business the person owns: an owner with a team cannot leave it. */
  async othersIn(businessId: string, userId: string): Promise<number> {
    const [row] = await dbOf(this.root)
      .select({ n: sql<number>`count(*)::int` })
      .from(members)
      .where(and(eq(members.businessId, businessId), sql`${members.userId} <> ${userId}`));
    return row?.n ?? 0;
  }

  /** At most once a minute per person: a sign-in or refresh marks them seen. */
  async touch(userId: string): Promise<void> {
    await dbOf(this.root)
      .update(members)
      .set({ lastSeenAt: new Date() })
      .where(
        and(
          eq(members.userId, userId),
          sql`(${members.lastSeenAt} is null or ${members.lastSeenAt} < now() - interval '1 minute')`,
        ),
      );
  }

  async invite(values: typeof invitations.$inferInsert): Promise<InvitationRow> {
    const [row] = await dbOf(this.root).insert(invitations).values(values).returning();
    return row!;
  }

  async openInvitations(businessId: string): Promise<InvitationRow[]> {
    return dbOf(this.root)
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.businessId, businessId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(invitations.createdAt));
  }

  async revokeInvitation(businessId: string, id: string): Promise<boolean> {
    const rows = await dbOf(this.root)
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.businessId, businessId), eq(invitations.id, id), isNull(invitations.revokedAt)))
      .returning({ id: invitations.id });
    return rows.length > 0;
  }

  /** The invitation of a code, locked for its one use. */
  async lockInvitation(codeHash: string): Promise<InvitationRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(invitations)
      .where(eq(invitations.codeHash, codeHash))
      .for('update');
    return row;
  }

  async markAccepted(id: string, userId: string): Promise<void> {
    await dbOf(this.root)
      .update(invitations)
      .set({ acceptedBy: userId, acceptedAt: new Date() })
      .where(eq(invitations.id, id));
  }

  /** A member's latest stock movements in the business, newest first, with the product's name. */
  async movementsBy(businessId: string, userId: string, limit: number) {
    return dbOf(this.root)
      .select({
        id: stockMovements.id,
        productId: stockMovements.productId,
        productName: productsWh.name,
        delta: stockMovements.delta,
        reason: stockMovements.reason,
        sourceTable: stockMovements.sourceTable,
        sourceId: stockMovements.sourceId,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .innerJoin(productsWh, eq(productsWh.id, stockMovements.productId))
      .where(and(eq(stockMovements.userId, businessId), eq(stockMovements.createdBy, userId)))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(limit);
  }
}
