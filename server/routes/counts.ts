import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Stock counts (docs/rules.md «Инвентаризация»): not built yet — issue 25 fills these routes in. */
const countRoutes: FastifyPluginAsyncZod = async () => {};

export default countRoutes;
