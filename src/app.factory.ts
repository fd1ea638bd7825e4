import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule, type AppModuleOptions } from './app.module';
import { mcpPaths } from './mcp/mcp-http.openapi';
import { MEDIA_HTTP_PATHS } from './media/media-http.openapi';
import { createValidationPipe } from './common/validation/validate-input';
import type { Environment } from './config/environment';
import { AppConfig } from './config/app-config.service';
import { parseTrustProxy } from './config/trust-proxy';
import type { DatabaseServer } from './database/database-server';
import { ErrorResponse } from './common/error.response';
import { withNullableFields } from './common/openapi-nullable';
import { jsonBodyParser } from './common/json-body';
import { httpServerTimeouts, registerBodyTimeout } from './common/request-timeouts';
import { registerSecurityHeaders } from './common/security-headers';
import { registerDeprecationHeaders } from './common/deprecated-route';
import { defaultDashboardDir, registerDashboard } from './dashboard/dashboard-static';
import { recordRoutes } from './common/route-catalog';
import { AppLogger, BootLogger, RequestLogController, rootLogger } from './logging';
import { MetricsService } from './metrics/metrics.service';
import { withPlatformNames } from './platforms/platform-enums';
import { PlatformRegistry } from './platforms/platform-registry';

/**
 * Headers a browser may send cross-origin. The API-key headers (`x-api-key`,
 * `x-service-user-id`, `x-service-client`) are deliberately absent: the REST API is
 * server-to-server, so a browser's preflight for them fails (spec, "What the service does" 6).
 */
export const CORS_ALLOWED_HEADERS = ['content-type', 'apollo-require-preflight', 'x-apollo-operation-name'];

/**
 * The HTTP adapter the service runs on: Fastify with the environment's proxy trust, body limit,
 * timeouts and the root logger. An embedding app passes it to its own `NestFactory.create`.
 */
export function createHttpAdapter(environment: Environment): FastifyAdapter {
  const adapter = new FastifyAdapter({
    // The client address comes from the socket unless TRUST_PROXY names the proxies to believe.
    // (Fastify takes a hop count too, though its type leaves numbers out.)
    trustProxy: (parseTrustProxy(environment.TRUST_PROXY) ?? false) as boolean | string,
    bodyLimit: 10 * 1024 * 1024,
    // A request that stops arriving is answered 408 and closed; the answer itself is never timed.
    ...httpServerTimeouts(environment),
    // Fastify logs through the root logger (request.log carries the request id), one line per request.
    loggerInstance: rootLogger(environment),
    logController: new RequestLogController(),
  });
  recordRoutes(adapter.getInstance());
  // Nest's own start-up messages go to the same logger as everything else (no buffering: a
  // buffered line could come out after what the service prints later).
  Logger.overrideLogger(new BootLogger(rootLogger(environment)));
  return adapter;
}

/**
 * Builds the configured application; `main.ts` and the e2e testing kit both use it, so tests run
 * exactly what production runs.
 */
export async function createApp(
  environment: Environment,
  database: DatabaseServer,
  options: Pick<AppModuleOptions, 'imports' | 'extensions'> & ConfigureOptions = {},
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({
      environment,
      database: { uri: database.uri, embedded: database.embedded, writeVersion: database.writeVersion },
      imports: options.imports,
      extensions: options.extensions,
    }),
    createHttpAdapter(environment),
    // A module that cannot start throws (main.ts reports it and exits); Nest would exit the process itself.
    { abortOnError: false },
  );
  await configureApp(app, options);
  return app;
}

export interface ConfigureOptions {
  /** The built dashboard to serve at `/`; default: dist/dashboard when built, null: none. */
  dashboardDir?: string | null;
}

/**
 * Everything the service sets up on a created application (on `createHttpAdapter`'s adapter):
 * logging, body parsing, security headers, cookies, uploads, CORS, validation, OpenAPI and the
 * dashboard. An embedding app whose module imports `AppModule.forRootAsync` calls it before `listen`.
 */
export async function configureApp(app: NestFastifyApplication, options: ConfigureOptions = {}): Promise<void> {
  const config = app.get(AppConfig);
  const environment = config.env;
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, _reply, done) => logger.bindRequest(request.id, done));
  registerBodyTimeout(fastify, environment.HTTP_BODY_TIMEOUT_MS);
  app.get(MetricsService).instrumentHttp(fastify);
  app.useBodyParser('application/json', {}, jsonBodyParser);
  registerSecurityHeaders(app, config.isProduction);
  registerDeprecationHeaders(app);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // process-video (spec: one file, 512 MB); routes read parts as streams, never buffered.
  await app.register(fastifyMultipart, { limits: { fileSize: 512 * 1024 * 1024, files: 1 } });
  app.enableCors({
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
  app.useGlobalPipes(createValidationPipe());
  setUpOpenApi(app, environment);
  await registerDashboard(app, {
    dir: options.dashboardDir === undefined ? defaultDashboardDir() : options.dashboardDir,
    mcpPath: environment.MCP_PATH,
  });
}

/**
 * OpenAPI 3 document generated from the controllers and DTOs, plus the raw Fastify routes (MCP,
 * local media upload and files) that modules describe themselves. A test holds it against every
 * route the service serves and lints it (test/openapi).
 */
function setUpOpenApi(app: NestFastifyApplication, environment: Environment): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Social post scheduling service')
      .setDescription('Schedule, publish, list, update and delete posts across connected social accounts.')
      .setVersion('v1')
      .setLicense('UNLICENSED', 'https://docs.npmjs.com/cli/configuring-npm/package-json#license')
      .addServer('/', 'This service')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, 'api-key')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'MCP clients may send the API key as a bearer token' }, 'mcp-bearer')
      .addCookieAuth('sps_session', { type: 'apiKey', in: 'cookie', name: 'sps_session' }, 'session')
      .build(),
    { extraModels: [ErrorResponse] },
  );
  Object.assign(document.paths, MEDIA_HTTP_PATHS, mcpPaths(environment.MCP_PATH));
  withPlatformNames(document, app.get(PlatformRegistry).names());
  withNullableFields(document);
  // Routes without an auth decorator are public: say so (`security: []`) rather than leave it open.
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations) as Array<{ security?: unknown[] }>) operation.security ??= [];
  }
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/v1/openapi.json' });
}
