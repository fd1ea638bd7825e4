import type { ConnectionError, FastifyBaseLogger, FastifyInstance } from 'fastify';
import { STATUS_CODES, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Environment } from '../config/environment';

export const RequestTimeoutMessages = {
  bodyStalled: (ms: number) => `Request body timed out: nothing arrived for ${ms} ms`,
  notReceived: (headersMs: number, requestMs: number) =>
    `Request timed out: ${
      !requestMs
        ? `its headers must arrive within ${headersMs} ms`
        : headersMs
          ? `its headers must arrive within ${headersMs} ms and the whole request within ${requestMs} ms`
          : `the whole request must arrive within ${requestMs} ms`
    }`,
  malformed: 'Malformed HTTP request',
  headersTooLarge: 'Request headers are too large',
  chunkExtensionsTooLarge: 'Request chunk extensions are too large',
} as const;

/**
 * What Node checks itself, as Fastify adapter options: the headers and whole-request limits (and
 * how often it looks; its default of 30 s would let a 1 s limit run to 31), and the keep-alive
 * idle limit. No socket idle timeout (`connectionTimeout`): it would cut long answers as well.
 */
export function httpServerTimeouts(env: Environment): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
  clientErrorHandler: (this: FastifyInstance, err: ConnectionError, socket: Socket) => void;
} {
  const headersTimeout = env.HTTP_HEADERS_TIMEOUT_MS;
  const requestTimeout = env.HTTP_REQUEST_TIMEOUT_MS;
  const shortest = Math.min(...[headersTimeout, requestTimeout].filter((ms) => ms > 0));
  const connectionsCheckingInterval = Number.isFinite(shortest) ? Math.max(10, Math.min(1000, Math.floor(shortest / 4))) : 30_000;
  return {
    requestTimeout,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout, requestTimeout, keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS, connectionsCheckingInterval },
    clientErrorHandler: clientErrorHandler(RequestTimeoutMessages.notReceived(headersTimeout, requestTimeout)),
  };
}

/**
 * Answers what Node refuses before a request reaches a route (headers or whole request too slow,
 * not HTTP, headers too large) with the service's `{ "error" }` body instead of Fastify's own
 * `{ error, message, statusCode }`, then closes the connection, as Node does.
 */
function clientErrorHandler(timedOut: string) {
  return function handle(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
    // A reset connection has nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, timedOut]
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, RequestTimeoutMessages.headersTooLarge]
          : err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
            ? [413, RequestTimeoutMessages.chunkExtensionsTooLarge]
            : [400, RequestTimeoutMessages.malformed];
    if (status === 408) this.log.warn({ remoteAddress: socket.remoteAddress }, `${message}: answered 408 and closed`);
    else this.log.debug({ err, remoteAddress: socket.remoteAddress }, `Client error: answered ${status}`);
    // Node's own rule: never write into an answer already begun on this connection.
    answerAndClose(socket, status, message, (socket as { _httpMessage?: ServerResponse | null })._httpMessage?.headersSent ?? false);
  };
}

/**
 * Answers 408 to a request whose body stops arriving for `timeoutMs` (Node measures only the whole
 * request, so a slow upload and a stalled one look alike to it). The socket's idle timer is armed
 * from the headers until the body has arrived, then disarmed: the answer is never timed, however
 * long the work or the stream behind it.
 */
export function registerBodyTimeout(fastify: FastifyInstance, timeoutMs: number): void {
  if (timeoutMs <= 0) return;
  fastify.addHook('onRequest', (request, reply, done) => {
    if (expectsBody(request.raw) && !request.raw.complete) watchBody(request.raw, reply.raw, timeoutMs, request.log);
    done();
  });
}

function expectsBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function watchBody(request: IncomingMessage, response: ServerResponse, timeoutMs: number, log: FastifyBaseLogger): void {
  const socket = request.socket;
  socket.setTimeout(timeoutMs);
  // Once the answer is finished, the keep-alive timer Node sets is its own: leave it.
  const disarm = () => {
    if (!response.writableFinished && !socket.destroyed) socket.setTimeout(0);
  };
  request.once('end', disarm);
  // Node emits 'timeout' on the request while it is incomplete, else on the response (where a
  // listener also keeps Node from destroying the socket: the body arrived, but was not read).
  request.on('timeout', () => {
    // Paused: this side stopped reading (backpressure), so the client has not stalled; the timer
    // starts again with the next bytes read.
    if (socket.isPaused()) return;
    log.warn({ timeoutMs }, `Request body stalled for ${timeoutMs} ms: answered 408 and closed`);
    answerAndClose(socket, 408, RequestTimeoutMessages.bodyStalled(timeoutMs), response.headersSent);
  });
  response.on('timeout', disarm);
}

/**
 * `{ "error" }` written straight to the connection (the request never reached, or never left,
 * its route), then the connection closed once it is sent.
 */
function answerAndClose(socket: Socket, status: number, message: string, answerBegun: boolean): void {
  if (socket.writable && !answerBegun) {
    const body = JSON.stringify({ error: message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
      () => socket.destroy(),
    );
    // A client that reads nothing must not keep the connection open either.
    setTimeout(() => socket.destroy(), 1000).unref();
  } else {
    socket.destroy();
  }
}
