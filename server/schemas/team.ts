import { z } from 'zod';
import type { InvitationRow, MemberView } from '../repositories/team.ts';
import { isoDate } from './common.ts';
import { invitationCode, roleSchema } from './users.ts';

const invitedRole = z.enum(['manager', 'warehouse']).describe('Роль приглашённого: manager или warehouse');
const costsFlag = z.boolean().describe('Для роли «Склад»: показывать ли себестоимость и суммы');

export const memberSchema = z
  .object({
    user_id: z.uuid(),
    login: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: roleSchema,
    can_see_costs: z.boolean(),
    joined_at: z.string(),
    last_seen_at: z.string().nullable(),
  })
  .meta({ id: 'Member' });

export const invitationSchema = z
  .object({
    id: z.uuid(),
    role: invitedRole,
    can_see_costs: z.boolean(),
    expires_at: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Invitation' });

export const createdInvitationSchema = invitationSchema
  .extend({ code: z.string().describe('Код приглашения; показывается один раз') })
  .meta({ id: 'CreatedInvitation' });

export const teamSchema = z
  .object({
    business: z.object({ id: z.uuid(), name: z.string() }),
    members: z.array(memberSchema),
    invitations: z.array(invitationSchema),
  })
  .meta({ id: 'Team' });

export const memberNameSchema = z
  .object({ user_id: z.uuid(), first_name: z.string(), last_name: z.string(), login: z.string(), role: roleSchema })
  .meta({ id: 'MemberName' });

export const invitationBody = z
  .strictObject({
    role: invitedRole,
    can_see_costs: costsFlag.default(false),
    expires_in_hours: z.number().int().min(1).max(720).default(72).describe('Срок действия приглашения, часы'),
  })
  .meta({ id: 'InvitationRequest' });

export const memberChangeBody = z
  .strictObject({ role: invitedRole.optional(), can_see_costs: costsFlag.optional() })
  .refine((b) => b.role !== undefined || b.can_see_costs !== undefined, 'Укажите роль или доступ к себестоимости')
  .meta({ id: 'MemberChange' });

export const joinBody = z.strictObject({ code: invitationCode }).meta({ id: 'JoinRequest' });

export const businessBody = z
  .strictObject({ name: z.string().trim().min(1).max(200).describe('Название бизнеса') })
  .meta({ id: 'BusinessChange' });

export const movementOfMemberSchema = z
  .object({
    id: z.uuid(),
    product_id: z.uuid(),
    product_name: z.string(),
    delta: z.number().int(),
    reason: z.string(),
    source_table: z.string(),
    source_id: z.uuid(),
    created_at: z.string(),
  })
  .meta({ id: 'MemberMovement' });

export const toMember = (m: MemberView) => ({
  user_id: m.userId,
  login: m.login,
  first_name: m.firstName,
  last_name: m.lastName,
  role: m.role,
  can_see_costs: m.role !== 'warehouse' || m.canSeeCosts,
  joined_at: isoDate(m.joinedAt),
  last_seen_at: m.lastSeenAt ? isoDate(m.lastSeenAt) : null,
});

export const toInvitation = (row: InvitationRow) => ({
  id: row.id,
  role: row.role as 'manager' | 'warehouse',
  can_see_costs: row.canSeeCosts,
  expires_at: isoDate(row.expiresAt),
  created_at: isoDate(row.createdAt),
});
