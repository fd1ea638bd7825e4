import { Injectable, type LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger, type Params } from 'nestjs-pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger as Pino } from 'pino';
import type { Environment } from './config/environment';

/** Header and body fields that carry secrets: never written to the log. */
const REDACT = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.accessToken',
  '*.refreshToken',
  '*.rawKey',
  '*.secret',
];

/**
 * Nest's own start-up chatter (one line per module, route and resolver): useful when wiring is
 * wrong, noise otherwise, so it is logged at debug.
 */
const FRAMEWORK_WIRING = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication', 'GraphQLModule']);
export const isFrameworkWiring = (context: unknown): boolean => typeof context === 'string' && FRAMEWORK_WIRING.has(context);

/** What the root logger writes its lines to. */
export interface LogStream {
  write(chunk: string): unknown;
}

const roots = new WeakMap<Environment, { logger: Pino; stream: LogStream }>();

/**
 * The process's one pino logger for this configuration: JSON lines, or pretty lines when a person
 * runs the service in a terminal outside production. Everything logs through it: the app, Nest's
 * own messages and the embedded database (also before the app exists, see `BootLogger`).
 */
export function rootLogger(env: Environment, interactive = Boolean(process.stdout.isTTY)): Pino {
  return root(env, interactive).logger;
}

/** The stream the root logger writes to (stdout, or pino-pretty's worker in a terminal). */
export function logStream(env: Environment): LogStream {
  return root(env).stream;
}

function root(env: Environment, interactive = Boolean(process.stdout.isTTY)): { logger: Pino; stream: LogStream } {
  let found = roots.get(env);
  if (!found) {
    const pretty = interactive && env.NODE_ENV !== 'production';
    // The stream is made here, as pino would make it, so that this module holds it (writePlain).
    const stream = pretty
      ? pino.transport({
          target: 'pino-pretty',
          options: { ignore: 'pid,hostname,service,context', messageFormat: '{if context}[{context}] {end}{msg}', translateTime: 'SYS:HH:MM:ss' },
        })
      : pino.destination({ fd: process.stdout.fd || 1 });
    const logger = pino({ level: env.LOG_LEVEL, base: { service: 'social-post-scheduler' }, redact: { paths: REDACT, censor: '[redacted]' } }, stream);
    found = { logger, stream };
    roots.set(env, found);
  }
  return found;
}

/**
 * Plain text for a person at the terminal (the first-run banner), written into the log's own
 * stream so it keeps its place among the log lines (pino-pretty passes non-JSON lines through).
 */
export function writePlain(env: Environment, text: string): void {
  logStream(env).write(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * nestjs-pino on the root logger, without its request middleware (`forRoutes: []`): Fastify's own
 * `request.log` is the request logger and `RequestLogController` writes the one line per request;
 * `AppLogger.bindRequest`, from a Fastify hook, gives Nest-logger lines the request's id. Any Nest
 * middleware puts every request of every route through @fastify/middie's engine (URL decoding,
 * path matching): 0.6% of a list request's main-thread samples by self time, against 0.2% for
 * the hook's pino child.
 */
export function loggerOptions(env: Environment): Params {
  return { pinoHttp: { logger: rootLogger(env) }, useExisting: true, forRoutes: [] };
}

/**
 * Fastify's request log lines, through its LogController: one line per answered request instead
 * of two (health probes left out): method, URL without its query string (it can carry tokens),
 * status and time; 4xx at warn, 5xx at error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // A workspace connection link carries its token in the path: the log keeps only its shape.
    const url = request.url.split('?')[0].replace(/^\/connect\/[A-Za-z0-9_-]{43}$/, '/connect/[link]');
    if (url.startsWith('/health')) return;
    const status = reply.statusCode;
    const level = error || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    request.log[level](
      { req: { method: request.method, url }, res: { statusCode: status }, responseTime: Math.round(reply.elapsedTime), ...(error ? { err: error } : {}) },
      'request completed',
    );
  }
}

/** The app's Nest logger (nestjs-pino, so request logs carry the request id), wiring demoted to debug. */
@Injectable()
export class AppLogger extends NestPinoLogger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    if (isFrameworkWiring(optionalParams.at(-1))) return super.debug(message, ...optionalParams);
    super.log(message, ...optionalParams);
  }

  /** Runs `next` (the rest of a request) so that Nest-logger lines carry `reqId`, as Fastify's request log does. */
  bindRequest(requestId: string, next: () => void): void {
    this.logger.runInContext(next, { bindings: { reqId: requestId } });
  }
}

/**
 * Nest's logger before the app exists (opening the embedded database, configuration warnings):
 * the same root logger and line format as later, instead of Nest's coloured console text.
 */
export class BootLogger implements LoggerService {
  constructor(private readonly root: Pino) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write(isFrameworkWiring(rest.at(-1)) ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: pino.Level, message: unknown, rest: unknown[]): void {
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const fields = context ? { context } : {};
    if (message instanceof Error) this.root[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.root[level]({ ...fields, ...message });
    else this.root[level](fields, String(message));
  }
}
