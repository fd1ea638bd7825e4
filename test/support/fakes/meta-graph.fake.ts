import { FakePlatformServer, type FakeRequest, type FakeResponse, type TokenState } from './fake-platform-server';

export interface FakeGraphContainer {
  id: string;
  owner: string;
  params: Record<string, string>;
  polls: number;
  /** Set when the container failed (e.g. Meta could not process the media). */
  error?: string;
  publishedAs?: string;
}

/**
 * What Instagram, Threads and Facebook fakes share: the Graph token in `access_token` (query or
 * form) or a bearer header, Graph error bodies (`{error:{message,type,code,error_subcode}}`),
 * rate limits signalled by error code with `X-Business-Use-Case-Usage`, a version prefix on
 * every route, media pulled from public URLs, and media containers that finish after
 * `processingPolls` status polls.
 */
export abstract class MetaGraphFake extends FakePlatformServer {
  readonly containers = new Map<string, FakeGraphContainer>();
  /** Media URLs the fake downloaded, as Meta does when a container is created. */
  readonly downloads: string[] = [];
  /** The error code this product uses for a rate limit (4 app, 32 page, 80002 Instagram BUC...). */
  protected rateLimitCode = 4;
  /** When set, new containers end in ERROR with this reason (Meta could not process the media). */
  failContainersWith: string | null = null;
  private seq = 0;

  constructor(protected readonly prefix: string) {
    super();
  }

  override reset(): void {
    super.reset();
    this.failContainersWith = null;
  }

  /** Registers a route under the version prefix (`/v21.0/me`). */
  protected graph(method: string, path: string, handler: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>): void {
    this.route(method, `${this.prefix}${path}`, handler);
  }

  protected override extractToken(req: FakeRequest): string | null {
    const fromBody = (req.body as Record<string, unknown> | undefined)?.access_token;
    return req.query.get('access_token') ?? (typeof fromBody === 'string' ? fromBody : null) ?? super.extractToken(req);
  }

  protected authError(_req: FakeRequest, state: TokenState | 'missing'): FakeResponse {
    if (state === 'missing') return this.graphError(400, 'An active access token must be used to query information about the current user.', 2500);
    const message =
      state === 'expired'
        ? 'Error validating access token: Session has expired on Sunday, 22-Nov-26 10:00:00 PST.'
        : 'Error validating access token: The user has not authorized application 1234567890.';
    return this.graphError(400, message, 190, state === 'expired' ? 463 : 458, 'OAuthException');
  }

  protected rateLimitError(_req: FakeRequest, retryAfterSeconds: number): FakeResponse {
    const usage = {
      '17841400000000000': [
        { type: 'instagram', call_count: 100, total_cputime: 12, total_time: 20, estimated_time_to_regain_access: Math.ceil(retryAfterSeconds / 60) },
      ],
    };
    return {
      ...this.graphError(400, 'Application request limit reached', this.rateLimitCode),
      headers: { 'x-business-use-case-usage': JSON.stringify(usage), 'x-app-usage': JSON.stringify({ call_count: 100, total_time: 20, total_cputime: 12 }) },
    };
  }

  protected override serverError(_req: FakeRequest): FakeResponse {
    return {
      status: 500,
      body: {
        error: {
          message: 'An unexpected error has occurred. Please retry your request later.',
          type: 'OAuthException',
          is_transient: true,
          code: 2,
          fbtrace_id: 'AbCdEf',
        },
      },
    };
  }

  protected graphError(status: number, message: string, code: number, subcode?: number, type = 'OAuthException', userMessage?: string): FakeResponse {
    return {
      status,
      body: {
        error: {
          message,
          type,
          code,
          ...(subcode ? { error_subcode: subcode } : {}),
          ...(userMessage ? { error_user_msg: userMessage } : {}),
          fbtrace_id: 'AbCdEf',
        },
      },
    };
  }

  /**
   * Answers the next request whose `METHOD path` matches with this Graph error instead (once, after
   * the token check): a missing permission (code 10 or 200), a refused file, a restricted account.
   */
  refuse(match: string | RegExp, error: { status?: number; code: number; subcode?: number; message?: string; userMessage?: string; type?: string }): void {
    const response = this.graphError(
      error.status ?? 400,
      error.message ?? `(#${error.code}) refused`,
      error.code,
      error.subcode,
      error.type,
      error.userMessage,
    );
    this.inject({ kind: 'respond', match, response });
  }

  /** Graph's answer for an id it does not have (code 100, subcode 33), worded for `verb` (get, delete). */
  protected noSuchObject(id: string, verb: string): FakeResponse {
    return this.graphError(
      400,
      `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
      100,
      33,
      'GraphMethodException',
    );
  }

  /** Parameters of a Graph POST: form body and query string together. */
  protected params(req: FakeRequest): Record<string, string> {
    const body = req.body && !Buffer.isBuffer(req.body) && typeof req.body === 'object' ? (req.body as Record<string, string>) : {};
    const merged: Record<string, string> = { ...Object.fromEntries(req.query), ...body };
    delete merged.access_token;
    return merged;
  }

  /** Downloads a media URL as Meta would; false when it is not reachable. */
  protected async download(url: string | undefined): Promise<boolean> {
    if (!url) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) return false;
      await res.arrayBuffer();
      this.downloads.push(url);
      return true;
    } catch {
      return false;
    }
  }

  protected createContainer(owner: string, params: Record<string, string>): FakeGraphContainer {
    const container: FakeGraphContainer = { id: this.nextNumber(), owner, params, polls: 0, error: this.failContainersWith ?? undefined };
    this.containers.set(container.id, container);
    return container;
  }

  protected containerState(container: FakeGraphContainer): 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'PUBLISHED' {
    if (container.error) return 'ERROR';
    if (container.publishedAs) return 'PUBLISHED';
    return container.polls >= this.processingPolls ? 'FINISHED' : 'IN_PROGRESS';
  }

  protected nextNumber(): string {
    this.seq += 1;
    return `1789${String(Date.now()).slice(-8)}${String(this.seq).padStart(4, '0')}`;
  }

  protected shortcode(): string {
    return Buffer.from(this.nextNumber()).toString('base64url').slice(0, 11);
  }

  protected fieldsOf(req: FakeRequest): string[] {
    return (req.query.get('fields') ?? '').split(',').filter(Boolean);
  }

  protected pick(source: Record<string, unknown>, fields: string[]): Record<string, unknown> {
    const out: Record<string, unknown> = { id: source.id };
    for (const f of fields) if (source[f] !== undefined) out[f] = source[f];
    return out;
  }
}
