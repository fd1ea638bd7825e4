import { RouteConfig, type NestFastifyApplication } from '@nestjs/platform-fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A deprecated route's successor (`@DeprecatedRoute`). */
    deprecatedFor?: string;
  }
}

/**
 * Marks a route deprecated: every answer, errors and 401s included, carries `Deprecation: true`
 * and a `Link` to `successor` (see `registerDeprecationHeaders`).
 */
export function DeprecatedRoute(successor: string): MethodDecorator {
  return RouteConfig({ deprecatedFor: successor });
}

/**
 * Sets the deprecation headers of routes marked `@DeprecatedRoute`, in an `onRequest` hook
 * (before body parsing and guards) that reads the matched route's config. This replaced a Nest
 * middleware on the one deprecated route: any Nest middleware makes @fastify/middie run its
 * engine (URL decoding, path matching) on every request of every route, 2% of a list-posts
 * request's main-thread time.
 */
export function registerDeprecationHeaders(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      const successor = request.routeOptions.config?.deprecatedFor;
      if (successor) {
        // On the raw response, as the middleware set them: they stay whatever Fastify does with its own headers on an error.
        reply.raw.setHeader('Deprecation', 'true');
        reply.raw.setHeader('Link', `<${successor}>; rel="successor-version"`);
      }
      done();
    });
}
