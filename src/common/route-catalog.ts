import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const catalogs = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route Fastify registers (Nest controllers and the raw routes of MCP and media
 * alike), so a test can hold the OpenAPI document against what the service really serves.
 * Must run before any route is added.
 */
export function recordRoutes(fastify: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  catalogs.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: String(method).toUpperCase(), url: route.url });
  });
}

export function registeredRoutes(fastify: FastifyInstance): RegisteredRoute[] {
  return [...(catalogs.get(fastify) ?? [])];
}
