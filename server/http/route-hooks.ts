/**
 * Hooks on the routes that need them, added as each route is registered. A global hook that returns
 * at once for most routes still costs every request a turn of the hook runner, the 5 s poll's
 * included (issue 35); on the route it costs only the requests it is for.
 */
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';

type HookName = 'preHandler' | 'onResponse' | 'onRequestAbort';

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Adds `hook` after the route's own hooks of that name on every route `wants` picks (routes registered later only). */
export function hookRoutes<N extends HookName>(
  fastify: FastifyInstance,
  name: N,
  wants: (route: RouteOptions) => boolean,
  hook: NonNullable<RouteOptions[N]>,
): void {
  fastify.addHook('onRoute', (route) => {
    if (!wants(route)) return;
    // Fastify takes one hook or an array; the route's own stay first. The three kinds differ only
    // in their arguments, which `hook`'s type already ties to `name`.
    const hooks = route as unknown as Record<HookName, unknown>;
    hooks[name] = [...list(hooks[name]), hook];
  });
}

/** Whether a request to the route can carry a body (a GET or HEAD cannot). */
export const takesBody = (route: Pick<RouteOptions, 'method'>): boolean =>
  list<HTTPMethods>(route.method).some((m) => m !== 'GET' && m !== 'HEAD');

export const isApiRoute = (route: Pick<RouteOptions, 'url'>): boolean => route.url.startsWith('/api/');
