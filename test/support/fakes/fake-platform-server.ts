import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TokenState = 'valid' | 'expired' | 'revoked';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Parsed JSON or urlencoded body; raw bytes for anything else. */
  body: unknown;
  raw: Buffer;
  params: Record<string, string>;
  /** Bearer token, or the token a platform carries elsewhere (set by the subclass). */
  token: string | null;
  at: Date;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type FaultKind = 'rate_limit' | 'server_error' | 'slow' | 'hang' | 'auth_expired' | 'reset' | 'redirect' | 'respond';

export interface Fault {
  kind: FaultKind;
  /** Only requests whose `METHOD path` matches this (substring or RegExp). */
  match?: string | RegExp;
  /** For rate_limit: seconds until reset the fake announces. */
  retryAfterSeconds?: number;
  /** For slow: delay before answering normally. */
  delayMs?: number;
  /** For redirect: the `Location` of the 307 answered instead (a server pointing a request elsewhere). */
  location?: string;
  /** For respond: the platform's own refusal to answer instead (a 403 with its body, say), once the token is checked. */
  response?: FakeResponse;
}

type Handler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

/**
 * A local HTTP server standing in for one platform's API: routes, per-token states, queued
 * faults, optional latency, a request log and a static host for pull-from-URL media.
 * Subclasses declare the platform's routes and how it words auth and rate-limit errors.
 */
export abstract class FakePlatformServer {
  readonly requests: FakeRequest[] = [];
  readonly tokens = new Map<string, TokenState>();
  /** Latency added to every answer (benchmarks use 50 ms). */
  latencyMs = 0;
  /**
   * How long an idle client connection stays open. The default keeps test runs short; at 1 s
   * undici (which keeps a connection for the server's hint minus 2 s) closes every connection
   * after one request, so a benchmark sets a real server's 5 s to keep its connections alive.
   */
  keepAliveTimeoutMs = 1000;
  /** How many status polls asynchronous processing takes before it is done; Infinity = never. */
  processingPolls = 1;
  private readonly faults: Fault[] = [];
  private readonly routes: Route[] = [];
  private readonly files = new Map<string, { body: Buffer; contentType: string }>();
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  /** Exchanges still being answered, e.g. a `slow` fault whose client already gave up. */
  private readonly inFlight = new Set<Promise<void>>();
  private counter = 0;
  baseUrl = '';

  protected abstract authError(req: FakeRequest, state: TokenState | 'missing'): FakeResponse;
  protected abstract rateLimitError(req: FakeRequest, retryAfterSeconds: number): FakeResponse;
  protected serverError(_req: FakeRequest): FakeResponse {
    return { status: 503, body: { error: 'Service unavailable' } };
  }
  /** Routes that need no token (OAuth token endpoints, static files, upload URLs). */
  protected isPublic(_req: FakeRequest): boolean {
    return false;
  }
  /** Exact paths that need no token, added by helpers such as FakeOAuth (authorize, token). */
  readonly anonymousPaths = new Set<string>();
  /** Where the platform carries the token; bearer by default. */
  protected extractToken(req: FakeRequest): string | null {
    const auth = req.headers.authorization;
    if (typeof auth === 'string' && /^Bearer /i.test(auth)) return auth.slice(7).trim();
    return null;
  }

  /** A fresh unique id for created objects. */
  nextId(prefix = ''): string {
    this.counter += 1;
    return `${prefix}${Date.now().toString(36)}${this.counter}`;
  }

  route(method: string, path: string, handler: Handler): void {
    const keys: string[] = [];
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:([a-zA-Z_]+)/g, (_m, key: string) => {
      keys.push(key);
      return '([^/]+)';
    });
    this.routes.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), keys, handler });
  }

  setToken(token: string, state: TokenState = 'valid'): void {
    this.tokens.set(token, state);
  }

  /** Queue a fault for the next matching request (each fault applies once). */
  inject(fault: Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push({ ...fault });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  /** Serve bytes at `${baseUrl}/files/<name>` for pull-from-URL media. */
  hostFile(name: string, body: Buffer, contentType: string): string {
    this.files.set(name, { body, contentType });
    return `${this.baseUrl}/files/${name}`;
  }

  /** Requests whose `METHOD path` matches. */
  calls(match: string | RegExp): FakeRequest[] {
    return this.requests.filter((r) => matches(`${r.method} ${r.path}`, match));
  }

  reset(): void {
    this.requests.length = 0;
    this.faults.length = 0;
    this.latencyMs = 0;
    this.processingPolls = 1;
  }

  /**
   * Waits until every exchange already received has been answered. A `slow` fault outlives the
   * client's timeout and then still acts (the post gets created: that is what an unknown
   * outcome means), so test files settle before resetting, or that late post would land in
   * the next test.
   */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  async start(port = 0): Promise<string> {
    // A client that gives up mid-request (its own timeout) must not crash the fake or fail
    // whichever test happens to be running: drop that exchange and carry on.
    this.server = createServer((req, res) => {
      const exchange = this.onRequest(req, res).catch(() => {
        res.destroy();
      });
      this.inFlight.add(exchange);
      void exchange.finally(() => this.inFlight.delete(exchange));
    });
    this.server.keepAliveTimeout = this.keepAliveTimeoutMs;
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const { port: actual } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${actual}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    await this.settle();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: parseBody(raw, String(req.headers['content-type'] ?? '')),
      raw,
      params: {},
      token: null,
      at: new Date(),
    };
    request.token = this.extractToken(request);
    this.requests.push(request);

    const file = request.method === 'GET' && url.pathname.startsWith('/files/') && this.files.get(url.pathname.slice(7));
    if (file) {
      res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.body.length) });
      res.end(file.body);
      return;
    }

    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const fault = this.takeFault(`${request.method} ${request.path}`);
    if (fault?.kind === 'hang') {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'slow') await sleep(fault.delayMs ?? 5000);

    let answer: FakeResponse;
    try {
      answer = await this.answer(request, fault);
    } catch (err) {
      answer = { status: 500, body: { error: `fake crashed: ${(err as Error).message}` } };
    }
    const headers: Record<string, string> = { ...(answer.headers ?? {}) };
    let payload: Buffer | string = '';
    if (answer.body !== undefined) {
      if (Buffer.isBuffer(answer.body)) payload = answer.body;
      else if (typeof answer.body === 'string') payload = answer.body;
      else {
        payload = JSON.stringify(answer.body);
        headers['content-type'] ??= 'application/json';
      }
    }
    res.writeHead(answer.status, headers);
    res.end(payload);
  }

  private async answer(request: FakeRequest, fault: Fault | undefined): Promise<FakeResponse> {
    if (fault?.kind === 'rate_limit') return this.rateLimitError(request, fault.retryAfterSeconds ?? 1);
    if (fault?.kind === 'server_error') return this.serverError(request);
    if (fault?.kind === 'redirect') return { status: 307, headers: { location: fault.location ?? '/' } };
    const route = this.routes.find((r) => r.method === request.method && r.pattern.test(request.path));
    if (!route) return { status: 404, body: { error: `fake: no route ${request.method} ${request.path}` } };
    const m = route.pattern.exec(request.path)!;
    route.keys.forEach((key, i) => (request.params[key] = decodeURIComponent(m[i + 1])));
    if (!this.isPublic(request) && !this.anonymousPaths.has(request.path)) {
      if (fault?.kind === 'auth_expired') return this.authError(request, 'expired');
      const state = request.token ? this.tokens.get(request.token) : undefined;
      if (!request.token) return this.authError(request, 'missing');
      if (state !== 'valid') return this.authError(request, state ?? 'revoked');
    }
    if (fault?.kind === 'respond') return fault.response ?? { status: 400 };
    return route.handler(request);
  }

  private takeFault(key: string): Fault | undefined {
    const i = this.faults.findIndex((f) => !f.match || matches(key, f.match));
    return i === -1 ? undefined : this.faults.splice(i, 1)[0];
  }
}

function matches(key: string, match: string | RegExp): boolean {
  return typeof match === 'string' ? key.includes(match) : match.test(key);
}

function parseBody(raw: Buffer, contentType: string): unknown {
  if (raw.length === 0) return undefined;
  if (contentType.includes('application/json')) {
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      return raw;
    }
  }
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  }
  return raw;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
