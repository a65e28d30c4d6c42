import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newInvitationCode, invitationCodeHash } from '../lib/invitation-codes.ts';
import { conflict, notFound } from '../lib/problem.ts';
import { tokenIssuer } from '../lib/token-issuer.ts';
import { bearer, problems, uuid } from '../schemas/common.ts';
import {
  businessBody,
  createdInvitationSchema,
  invitationBody,
  joinBody,
  memberChangeBody,
  memberNameSchema,
  memberSchema,
  movementOfMemberSchema,
  teamSchema,
  toInvitation,
  toMember,
} from '../schemas/team.ts';
import { tokenPair } from '../schemas/users.ts';
import { acceptInvitation } from '../team/accept-invitation.ts';
import { isoDate } from '../schemas/common.ts';

/**
 * The team: the owner invites, changes roles and removes members (server/lib/access-policy.ts says who may call
 * what). A change of role or a removal ends the member's sign-ins at once, on every instance.
 */
const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, config } = app;
  const issueTokens = tokenIssuer(repos, config);
  app.addHook('onRequest', app.authenticate);

  /** Ends every sign-in of a member, announced once the change has committed. */
  async function endSignIns(
    request: Parameters<typeof app.announceEndedSessions>[0],
    userId: string,
    reason: 'member_removed' | 'role_changed',
  ) {
    const ended = await repos.sessions.revokeAllOf(userId, reason);
    app.announceEndedSessions(
      request,
      ended.map((sessionId) => ({ userId, sessionId })),
    );
  }

  app.get(
    '/',
    {
      // '/api/v1/team/', the spelling the access policy lists: as '/api/v1/team' it fell to the default for reads.
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['team'],
        summary: 'Команда: бизнес, сотрудники и открытые приглашения',
        security: bearer,
        response: { 200: teamSchema, ...problems(401, 403) },
      },
    },
    async (request) => {
      const businessId = request.businessId!;
      const [business, members, invitations] = await Promise.all([
        repos.team.business(businessId),
        repos.team.membersOf(businessId),
        repos.team.openInvitations(businessId),
      ]);
      return {
        business: business!,
        members: members.map(toMember),
        invitations: invitations.map(toInvitation),
      };
    },
  );

  app.patch(
    '/business/',
    {
      schema: {
        tags: ['team'],
        summary: 'Переименовать бизнес',
        security: bearer,
        body: businessBody,
        response: { 204: z.null(), ...problems(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await repos.team.rename(request.businessId!, request.body.name);
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/members/',
    {
      schema: {
        tags: ['team'],
        summary: 'Имена сотрудников: кто сделал запись',
        security: bearer,
        response: { 200: z.array(memberNameSchema), ...problems(401) },
      },
    },
    async (request) =>
      (await repos.team.membersOf(request.businessId!)).map((m) => ({
        user_id: m.userId,
        first_name: m.firstName,
        last_name: m.lastName,
        login: m.login,
        role: m.role,
      })),
  );

  app.post(
    '/invitations/',
    {
      schema: {
        tags: ['team'],
        summary: 'Пригласить сотрудника: одноразовый код с ролью и сроком',
        security: bearer,
        body: invitationBody,
        response: { 201: createdInvitationSchema, ...problems(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const code = newInvitationCode();
      const row = await repos.team.invite({
        businessId: request.businessId!,
        codeHash: invitationCodeHash(code),
        role: request.body.role,
        canSeeCosts: request.body.can_see_costs,
        createdBy: request.member!.userId,
        expiresAt: new Date(Date.now() + request.body.expires_in_hours * 3600_000),
      });
      reply.code(201);
      return { ...toInvitation(row), code };
    },
  );

  app.delete(
    '/invitations/:id/',
    {
      schema: {
        tags: ['team'],
        summary: 'Отозвать приглашение',
        security: bearer,
        params: z.object({ id: uuid() }),
        response: { 204: z.null(), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await repos.team.revokeInvitation(request.businessId!, request.params.id)))
        throw notFound('Приглашение не найдено');
      reply.code(204);
      return null;
    },
  );

  /** A member of this business other than the owner, locked for the change; 404 for anyone else. */
  async function otherMember(businessId: string, userId: string) {
    const member = await repos.team.member(businessId, userId);
    if (!member) throw notFound('Сотрудник не найден');
    if (member.role === 'owner') throw conflict('owner_fixed', 'Роль владельца не меняется, и владельца нельзя убрать');
    return member;
  }

  app.patch(
    '/members/:user_id/',
    {
      schema: {
        tags: ['team'],
        summary: 'Изменить роль сотрудника или доступ к себестоимости',
        description: 'Действует сразу: сеансы сотрудника завершаются, и он входит снова с новой ролью.',
        security: bearer,
        params: z.object({ user_id: uuid() }),
        body: memberChangeBody,
        response: { 200: memberSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const businessId = request.businessId!;
      const member = await otherMember(businessId, request.params.user_id);
      const role = request.body.role ?? member.role;
      const canSeeCosts = request.body.can_see_costs ?? member.canSeeCosts;
      if (role !== member.role || canSeeCosts !== member.canSeeCosts) {
        await repos.team.changeMember(member.userId, { role, canSeeCosts });
        await endSignIns(request, member.userId, 'role_changed');
      }
      return toMember({ ...member, role, canSeeCosts });
    },
  );

  app.delete(
    '/members/:user_id/',
    {
      schema: {
        tags: ['team'],
        summary: 'Убрать сотрудника из команды',
        description:
          'Действует сразу: сеансы сотрудника завершаются, его неотправленные правки отклоняются, а сам он возвращается в свой собственный бизнес.',
        security: bearer,
        params: z.object({ user_id: uuid() }),
        response: { 204: z.null(), ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const member = await otherMember(request.businessId!, request.params.user_id);
      await repos.team.moveTo(member.userId, member.userId, 'owner', true);
      await endSignIns(request, member.userId, 'member_removed');
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/members/:user_id/movements/',
    {
      schema: {
        tags: ['team'],
        summary: 'Последние движения товара, сделанные сотрудником',
        security: bearer,
        params: z.object({ user_id: uuid() }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(movementOfMemberSchema), ...problems(401, 403, 404) },
      },
    },
    async (request) => {
      const businessId = request.businessId!;
      if (!(await repos.team.member(businessId, request.params.user_id))) throw notFound('Сотрудник не найден');
      const rows = await repos.team.movementsBy(businessId, request.params.user_id, request.query.limit);
      return rows.map((r) => ({
        id: r.id,
        product_id: r.productId,
        product_name: r.productName,
        delta: r.delta,
        reason: r.reason,
        source_table: r.sourceTable,
        source_id: r.sourceId,
        created_at: isoDate(r.createdAt),
      }));
    },
  );

  app.post(
    '/join/',
    {
      config: { idempotencyScope: () => null },
      schema: {
        tags: ['team'],
        summary: 'Принять приглашение: войти в команду по коду',
        description:
          'Переводит вошедшего пользователя в бизнес пригласившего с ролью из приглашения и выдаёт новую пару токенов; прежние сеансы пользователя завершаются.',
        security: bearer,
        body: joinBody,
        response: { 200: tokenPair, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const userId = request.member!.userId;
      await acceptInvitation(repos, request.body.code, userId);
      await endSignIns(request, userId, 'role_changed');
      return issueTokens(userId);
    },
  );
};

export default teamRoutes;
