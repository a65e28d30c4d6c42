import fp from 'fastify-plugin';
import { withoutCosts } from '../../lib/cost-fields.ts';

/**
 * Cost prices and sums are the owner's to share: a member who may not see them gets every JSON answer without
 * them — REST reads, pulled rows, cached pages — taken out here, after every route, so no route can forget.
 */
export default fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.member || request.member.canSeeCosts) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!/json/.test(type) || /problem\+json/.test(type)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const text = payload.toString();
    if (text === '') return payload;
    return JSON.stringify(withoutCosts(JSON.parse(text)));
  });
});
