import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Problem } from '../lib/problem.ts';
import { pushEntryMember } from './push-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write an offline queue may replay through sync push. Set by `queueable`; false opts a route out. */
    queueable?: boolean;
  }
  interface FastifyInstance {
    queueableRoutes: QueueableRoutes;
  }
}

export const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const pushPathForbidden = () =>
  new Problem(
    400,
    'push_path_forbidden',
    'Запись очереди может вызывать только изменения данных, не вход и не синхронизацию',
  );

/** The allow-list of push entries: method and route pattern of every queueable write. */
export class QueueableRoutes {
  private readonly routes: Array<{ method: string; pattern: RegExp }> = [];

  add(method: string, url: string): void {
    this.routes.push({ method, pattern: patternOf(url) });
  }

  /** `path` is decoded: each segment as the router will hand it to the route. */
  allows(method: string, path: string): boolean {
    return this.routes.some((r) => r.method === method && r.pattern.test(path));
  }
}

/** '/api/v1/markets/:market_id/' → one segment per parameter; the trailing slash is optional, as in the router. */
function patternOf(url: string): RegExp {
  const segments = url
    .replace(/\/$/, '')
    .split('/')
    .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/**
 * Wraps a resource plugin so that its writes may be queued: each write route is marked (for the
 * guard, which checks the route the router matched) and listed (for the path check before injecting).
 */
export const queueable =
  (plugin: FastifyPluginAsyncZod): FastifyPluginAsyncZod =>
  async (scope) => {
    scope.addHook('onRoute', (route) => {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => writeMethods.has(m));
      if (methods.length === 0 || route.config?.queueable === false) return;
      route.config = { ...route.config, queueable: true };
      for (const method of methods) scope.queueableRoutes.add(method, route.url);
    });
    await scope.register(plugin);
  };

export interface EntryTarget {
  /** Decoded path, checked against the allow-list. */
  path: string;
  /** The same path re-encoded one way, so the router sees exactly what was checked. */
  url: string;
}

/**
 * Normalizes a queued entry's path, or null for anything that could mean another route than it
 * spells: malformed percent-encoding, dot segments (also encoded), empty segments, backslashes,
 * an encoded '/', control characters, or a path outside /api/v1/.
 */
export function entryTarget(raw: string): EntryTarget | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\#]/.test(raw)) return null;
  const queryAt = raw.indexOf('?');
  const pathPart = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const query = queryAt === -1 ? '' : raw.slice(queryAt);
  if (!pathPart.startsWith('/') || pathPart.includes('//')) return null;
  const decoded: string[] = [];
  for (const segment of pathPart.slice(1).split('/')) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex
    if (value === '.' || value === '..' || /[/\\\u0000-\u001f\u007f]/.test(value)) return null;
    decoded.push(value);
  }
  const path = `/${decoded.join('/')}`;
  if (!path.startsWith('/api/v1/')) return null;
  return { path, url: `/${decoded.map(encodeURIComponent).join('/')}${query}` };
}

/**
 * The authoritative check: inside a push, only a queueable write route the router actually matched
 * may run, however its path was spelled. Outside a push it does nothing.
 */
export async function guardPushEntry(request: FastifyRequest): Promise<void> {
  if (!pushEntryMember()) return;
  if (request.routeOptions.config?.queueable !== true || !writeMethods.has(request.method)) throw pushPathForbidden();
}
