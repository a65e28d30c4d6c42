import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Assembly of marketplace orders (docs/rules.md «Сборка»): not built yet — issue 25 fills these routes in. */
const orderAssemblyRoutes: FastifyPluginAsyncZod = async () => {};

export default orderAssemblyRoutes;
