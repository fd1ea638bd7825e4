import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';

/**
 * The usual security headers on every answer (helmet), with a Content-Security-Policy
 * a same-origin web dashboard can live with: its own scripts, styles and images, calls to this
 * origin only, never framed. The API reference (/api/docs, Swagger UI) needs inline styles and
 * data: images. Outside production the GraphiQL page (GET /graphql) loads its scripts from a CDN,
 * so it is left without a CSP there. User files carry their own, stricter headers (media).
 *
 * helmet's middleware is built once and run in an `onRequest` hook. @fastify/helmet built it
 * again for every request (parsing the CSP directives each time), about 50 µs per request.
 */
export function registerSecurityHeaders(app: NestFastifyApplication, production: boolean): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Media is fetched by the platforms from other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // HSTS only where TLS is certain (production behind HTTPS).
    strictTransportSecurity: production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  if (!production) {
    fastify.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'GET' && request.url.split('?')[0] === '/graphql') reply.removeHeader('content-security-policy');
      return payload;
    });
  }
}
