import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * The usual security headers on every answer (@fastify/helmet), with a Content-Security-Policy
 * a same-origin web dashboard can live with: its own scripts, styles and images, calls to this
 * origin only, never framed. The API reference (/api/docs, Swagger UI) needs inline styles and
 * data: images. Outside production the GraphiQL page (GET /graphql) loads its scripts from a CDN,
 * so it is left without a CSP there. User files carry their own, stricter headers (media).
 */
export async function registerSecurityHeaders(app: NestFastifyApplication, production: boolean): Promise<void> {
  await app.register(helmet, {
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
  if (!production) {
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onSend', async (request, reply, payload) => {
        if (request.method === 'GET' && request.url.split('?')[0] === '/graphql') reply.removeHeader('content-security-policy');
        return payload;
      });
  }
}
