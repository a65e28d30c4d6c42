import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { currentTransaction, knownUnused, runInTransaction } from '../../db/tx-context.ts';
import { lockUser } from '../../db/user-lock.ts';
import { actAsMember } from '../../db/member-context.ts';
import { Problem } from '../../lib/problem.ts';
import { sha256 } from '../../lib/tokens.ts';
import { isWriteConflict, retryingConflicts, writeConflictProblem } from '../../lib/write-conflicts.ts';
import { WriteSlots } from '../../lib/write-slots.ts';
import type { IdempotencyRecord } from '../../repositories/idempotency.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each user's bounded share of concurrent write transactions (pushes take one too). */
    writeSlots: WriteSlots;
  }
  interface FastifyContextConfig {
    /** false: the route opens its own transactions (sync push does, one per group). */
    transaction?: boolean;
    /**
     * Whose Idempotency-Key namespace the write uses. Default: the signed-in user.
     * Returning null turns replay off for the route (login: a replay would hand out tokens).
     */
    idempotencyScope?: (request: FastifyRequest) => string | null;
  }
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write request runs in one transaction, and with an Idempotency-Key its first answer is
 * stored in that same transaction, so a replay returns that answer and changes nothing.
 * Inside a sync push group the request joins the group's transaction as a savepoint.
 */
export default fp(async (app) => {
  app.decorate('writeSlots', new WriteSlots(app.config.writes.perUser, app.config.writes.slotWaitMs));
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.websocket || route.config?.transaction === false || !methods.some((m) => writeMethods.has(m))) return;
    const scopeOf = route.config?.idempotencyScope ?? ((request: FastifyRequest) => request.businessId);
    const handler = route.handler as RouteHandlerMethod;

    route.handler = async function transactionalHandler(request: FastifyRequest, reply: FastifyReply) {
      // An entry of a push already runs in the push's transaction, under the push's slot.
      const release =
        request.businessId && !currentTransaction() ? await app.writeSlots.acquire(request.businessId) : undefined;
      try {
        return await handleWrite.call(this, request, reply);
      } finally {
        release?.();
      }
    };

    async function handleWrite(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = idempotencyKeyOf(request);
      const scope = key ? scopeOf(request) : null;
      const requestHash = scope
        ? sha256(`${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}`)
        : '';
      const replay = (record: IdempotencyRecord) => {
        if (record.requestHash !== requestHash)
          throw new Problem(
            422,
            'idempotency_key_reused',
            'Этот ключ идемпотентности уже использован для другого запроса',
          );
        reply.code(record.status).header('idempotent-replayed', 'true');
        return record.body ?? null;
      };
      if (scope && key && !knownUnused(scope, key)) {
        const stored = await app.repos.idempotency.find(scope, key);
        if (stored) return replay(stored);
      }

      const outer = currentTransaction();
      let refusal: Problem | undefined;
      const execute = (tx: typeof app.database.db) =>
        runInTransaction(tx, async () => {
          refusal = undefined;
          // The user's lock before any row (server/db/user-lock.ts): inside a push the push's transaction holds it.
          if (!outer && request.businessId) await lockUser(tx, request.businessId);
          // Who wrote each row (server/db/member-context.ts); a push entry's member is set by the push.
          if (!outer && request.member) await actAsMember(tx, request.member.userId);
          let body: unknown;
          try {
            body = await handler.call(this, request, reply);
          } catch (err) {
            if (!(err instanceof Problem && err.commitChanges)) throw err;
            refusal = err;
            return undefined;
          }
          if (scope && key)
            await app.repos.idempotency.save({
              scope,
              key,
              userId: request.businessId,
              requestHash,
              status: reply.statusCode,
              body: body ?? null,
            });
          return body;
        });
      try {
        // A deadlock or serialization failure rolled everything back: the write runs again from the start (a few
        // times), then answers 503, never 500. Inside a push the entry answers 503 write_conflict at once: the push
        // runs its whole transaction again (server/sync/push.ts), since this savepoint alone would meet the same
        // locks its earlier entries hold.
        const body = outer
          ? await outer.transaction(execute).catch((err: unknown) => {
              throw isWriteConflict(err) ? writeConflictProblem() : err;
            })
          : await retryingConflicts(() => app.database.db.transaction(execute));
        // A refusal that commits what it did changed the rows too.
        if (!outer && request.businessId) app.live.publish(request.businessId, { type: 'changes' });
        if (refusal) throw refusal;
        return body;
      } catch (err) {
        // Two requests raced with the same key: the loser (failing on the key itself, or on a
        // unique rule its twin satisfied first) replays the winner's answer.
        if (scope && key) {
          const stored = await app.repos.idempotency.find(scope, key);
          if (stored) return replay(stored);
        }
        throw err;
      }
    }
  });
});

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200)
    throw new Problem(
      400,
      'idempotency_key_invalid',
      'Заголовок Idempotency-Key должен быть непустой строкой до 200 символов',
    );
  return key;
}
