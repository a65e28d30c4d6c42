import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { answerClientError } from './lib/client-errors.ts';
import { installRussianZodMessages } from './lib/zod-ru.ts';
import compress from './plugins/external/compress.ts';
import helmet from './plugins/external/helmet.ts';
import swagger from './plugins/external/swagger.ts';
import websocket from './plugins/external/websocket.ts';
import database from './plugins/app/database.ts';
import problems, { sendProblem, toProblem } from './plugins/app/problems.ts';
import auth from './plugins/app/auth.ts';
import transactionalWrites from './plugins/app/transactional-writes.ts';
import live from './plugins/app/live.ts';
import jobs from './plugins/app/jobs.ts';
import catalogImport from './plugins/app/catalog-import.ts';
import stockPush from './plugins/app/stock-push.ts';
import orderIntake from './plugins/app/orders.ts';
import spa from './plugins/app/spa.ts';
import uploads from './plugins/app/uploads.ts';
import maintenance from './plugins/app/maintenance.ts';
import pushGuard from './plugins/app/push-guard.ts';
import { queueable } from './sync/queueable.ts';
import healthRoutes from './routes/health.ts';
import costVisibility from './plugins/app/cost-visibility.ts';
import teamRoutes from './routes/team.ts';
import usersRoutes from './routes/users.ts';
import marketsRoutes from './routes/markets.ts';
import productsRoutes from './routes/products.ts';
import syncRoutes from './routes/sync.ts';
import liveRoutes from './routes/live.ts';
import extractRoutes from './routes/extract.ts';
import jobsRoutes from './routes/jobs.ts';
import disposalRoutes from './routes/disposal.ts';
import markdownRoutes from './routes/markdowns.ts';
import reserveRoutes from './routes/reserves.ts';
import realizationRoutes from './routes/realizations.ts';
import inventoryRoutes from './routes/inventory.ts';
import batchesRoutes from './routes/batches.ts';
import otherRealizationRoutes from './routes/other-realizations.ts';
import movementRoutes from './routes/movements.ts';
import returnRoutes from './routes/returns.ts';
import productsMpStatusRoutes from './routes/products-mp-status.ts';
import stockPushRoutes from './routes/stock-push.ts';
import orderRoutes from './routes/orders.ts';
import orderAssemblyRoutes from './routes/order-assembly.ts';
import countRoutes from './routes/counts.ts';

export interface AppOptions {
  config: Config;
  /** An already open database to use (tests share one per file); otherwise opened from config. */
  database?: Database;
  logger?: boolean;
}

installRussianZodMessages();

/** Builds the whole server without listening: main.ts listens, tests use inject. */
export async function buildApp({ config, database: given, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          // The live channel refuses a token in its query, but an old client still sends one: never log it.
          serializers: {
            req: (req) => ({ method: req.method, url: req.url.replace(/([?&]token=)[^&]*/, '$1[скрыт]'), id: req.id }),
          },
        }
      : false,
    trustProxy: config.trustProxy,
    // Opening the database is a plugin: creating the embedded one and syncing it to disk, or migrating a big one,
    // may rightly take longer than Fastify's default 10 s on a slow or busy machine.
    pluginTimeout: 180_000,
    bodyLimit: 1024 * 1024,
    // Clients spell a path with or without the trailing '/' (docs/architecture.md «Контракт»): both reach the same
    // route. Each route is registered (and documented in OpenAPI) once, under the contract's spelling;
    // a route at a prefix's root says prefixTrailingSlash: 'slash' to be '/prefix/', not '/prefix'.
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    // Errors Fastify raises before routing (a too long or badly encoded URL) answer problem+json too.
    frameworkErrors: (error, _request, reply) => sendProblem(reply, toProblem(error)),
    // And those Node's HTTP parser refuses before Fastify (headers or address over 16 KB: 431).
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(helmet);
  // Before every route, so its onSend hook sees each answer.
  await app.register(compress);
  await app.register(swagger);
  await app.register(websocket);

  await app.register(database, { database: given });
  await app.register(problems);
  await app.register(auth);
  await app.register(costVisibility);
  await app.register(pushGuard);
  await app.register(live);
  await app.register(transactionalWrites);
  await app.register(jobs);
  await app.register(catalogImport);
  await app.register(stockPush);
  await app.register(orderIntake);
  await app.register(maintenance);
  // Before the routes: the image upload stores into it; it serves /uploads/<name> itself.
  await app.register(uploads);

  // queueable(): the resources an offline device edits, whose writes sync push may replay.
  // Sign-in, sync itself and jobs are not: they must never run as an entry of a push.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api/v1/users' });
  await app.register(teamRoutes, { prefix: '/api/v1/team' });
  await app.register(queueable(marketsRoutes), { prefix: '/api/v1/markets' });
  await app.register(queueable(productsRoutes), { prefix: '/api/v1/products' });
  await app.register(queueable(movementRoutes), { prefix: '/api/v1/products' });
  // The lots calls sit under two prefixes of the contract (docs/architecture.md «Вызовы»): /inventory and
  // /inventory_batch.
  await app.register(queueable(inventoryRoutes), { prefix: '/api/v1' });
  await app.register(queueable(batchesRoutes), { prefix: '/api/v1/batch' });
  await app.register(queueable(otherRealizationRoutes), { prefix: '/api/v1/other_realization_batch' });
  await app.register(syncRoutes, { prefix: '/api/v1/sync' });
  await app.register(queueable(extractRoutes), { prefix: '/api/v1/extract' });
  await app.register(jobsRoutes, { prefix: '/api/v1/jobs' });
  await app.register(queueable(disposalRoutes), { prefix: '/api/v1/disposal' });
  await app.register(queueable(markdownRoutes), { prefix: '/api/v1/markdowns' });
  await app.register(queueable(reserveRoutes), { prefix: '/api/v1/reserve' });
  await app.register(queueable(realizationRoutes), { prefix: '/api/v1/realization' });
  await app.register(queueable(returnRoutes), { prefix: '/api/v1/returns' });
  await app.register(productsMpStatusRoutes, { prefix: '/api/v1/products_mp_status' });
  // Online only: the stock push is never an entry of a sync push.
  await app.register(stockPushRoutes, { prefix: '/api/v1/stock-push' });
  // The link is an edit a device may make offline; reads and the intake's hurry-up are online.
  await app.register(queueable(orderRoutes), { prefix: '/api/v1/orders' });
  // «Собрано» is queued like any edit on patchy Wi-Fi; the label is read once it has arrived.
  await app.register(queueable(orderAssemblyRoutes), { prefix: '/api/v1/orders' });
  // Stock counts and their lines: several devices count offline and merge through push.
  await app.register(queueable(countRoutes), { prefix: '/api/v1' });
  await app.register(liveRoutes);
  await app.register(spa);

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
