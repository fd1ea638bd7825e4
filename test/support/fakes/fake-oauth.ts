import { createHash } from 'node:crypto';
import type { FakePlatformServer, FakeRequest, FakeResponse } from './fake-platform-server';

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** How the token endpoint wants the client to authenticate. */
  clientAuth: 'basic' | 'body';
  /** TikTok names the client id `client_key`. */
  clientIdParam?: string;
  /** The token endpoint refuses a code without the right S256 verifier. */
  requirePkce: boolean;
  /** Paths of the platform's authorize and token endpoints on this fake. */
  authorizePath: string;
  tokenPath?: string;
  /** Facebook's token endpoint is a GET. */
  tokenMethod?: 'GET' | 'POST';
  /** Makes the tokens the exchange hands out (and registers them with the fake). */
  issue(grant: FakeGrant): Record<string, unknown>;
}

export interface FakeGrant {
  code: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string | null;
  /** Which account of the fake the person signed in as (tests pick it with `nextAccount`). */
  account: string | null;
  used: boolean;
  issuedAt: Date;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * A platform's OAuth authorization server inside its fake: the authorize endpoint answers 302
 * back to `redirect_uri` with a code (or `error=access_denied` when the test says the person
 * refused), and the token endpoint checks the client's authentication, the code (single use),
 * the redirect URI and the PKCE verifier before issuing tokens.
 */
export class FakeOAuth {
  readonly grants = new Map<string, FakeGrant>();
  /** What the person does on the next authorize page. */
  nextDecision: 'approve' | 'deny' = 'approve';
  /** Which of the fake's accounts the next approval is for (fake-specific meaning). */
  nextAccount: string | null = null;
  /** When false, the code exchange leaves out the refresh token (as providers do on a re-consent). */
  sendRefreshToken = true;
  /** Tokens revoked through the revoke endpoint. */
  readonly revoked: string[] = [];
  private counter = 0;

  constructor(
    private readonly server: FakePlatformServer,
    readonly options: FakeOAuthOptions,
  ) {
    server.anonymousPaths.add(options.authorizePath);
    server.route('GET', options.authorizePath, (req) => this.authorize(req));
    if (options.tokenPath) {
      server.anonymousPaths.add(options.tokenPath);
      server.route(options.tokenMethod ?? 'POST', options.tokenPath, (req) => this.exchange(req) ?? { status: 400, body: { error: 'unsupported_grant_type' } });
    }
  }

  /** An absolute authorize URL of this fake (for `<PLATFORM>_AUTHORIZE_URL`). */
  get authorizeUrl(): string {
    return `${this.server.baseUrl}${this.options.authorizePath}`;
  }

  get tokenUrl(): string {
    return `${this.server.baseUrl}${this.options.tokenPath}`;
  }

  authorize(req: FakeRequest): FakeResponse {
    const q = req.query;
    const idParam = this.options.clientIdParam ?? 'client_id';
    const redirectUri = q.get('redirect_uri');
    if (q.get(idParam) !== this.options.clientId || !redirectUri)
      return { status: 400, body: { error: 'invalid_client', error_description: `unknown ${idParam}` } };
    if (q.get('response_type') !== 'code') return { status: 400, body: { error: 'unsupported_response_type' } };
    const challenge = q.get('code_challenge');
    if (this.options.requirePkce && (!challenge || q.get('code_challenge_method') !== 'S256')) {
      return { status: 400, body: { error: 'invalid_request', error_description: 'code_challenge with S256 is required' } };
    }
    const back = new URL(redirectUri);
    if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
    if (this.nextDecision === 'deny') {
      this.nextDecision = 'approve';
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied the request');
      return { status: 302, headers: { location: back.toString() } };
    }
    this.counter += 1;
    const code = `code-${Date.now().toString(36)}-${this.counter}`;
    this.grants.set(code, {
      code,
      clientId: this.options.clientId,
      redirectUri,
      scope: q.get('scope') ?? '',
      challenge,
      account: this.nextAccount,
      used: false,
      issuedAt: new Date(),
    });
    back.searchParams.set('code', code);
    return { status: 302, headers: { location: back.toString() } };
  }

  /** The authorization_code grant; null for other grants (the fake's own refresh handling). */
  exchange(req: FakeRequest): FakeResponse | null {
    const body = { ...Object.fromEntries(req.query), ...((req.body ?? {}) as Record<string, string>) };
    if (body.grant_type !== 'authorization_code') return null;
    const idParam = this.options.clientIdParam ?? 'client_id';
    const invalidClient: FakeResponse = { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
    if (this.options.clientAuth === 'basic') {
      const auth = String(req.headers.authorization ?? '');
      const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
      if (auth !== expected) return invalidClient;
    } else if (body[idParam] !== this.options.clientId || body.client_secret !== this.options.clientSecret) {
      return invalidClient;
    }
    const grant = this.grants.get(body.code ?? '');
    const invalidGrant = (description: string): FakeResponse => ({ status: 400, body: { error: 'invalid_grant', error_description: description } });
    if (!grant || grant.used) return invalidGrant('authorization code is invalid or was already used');
    if (grant.redirectUri !== body.redirect_uri) return invalidGrant('redirect_uri does not match');
    if (grant.challenge) {
      if (!body.code_verifier || s256(body.code_verifier) !== grant.challenge) return invalidGrant('code_verifier does not match the code_challenge');
    }
    grant.used = true;
    const issued = this.options.issue(grant);
    if (!this.sendRefreshToken) delete issued.refresh_token;
    return { status: 200, body: issued };
  }

  /** An RFC 7009 revoke endpoint (records the token). */
  revokeRoute(path: string): void {
    this.server.anonymousPaths.add(path);
    this.server.route('POST', path, (req) => {
      const token = (req.body as Record<string, string> | undefined)?.token;
      if (token) {
        this.revoked.push(token);
        this.server.setToken(token, 'revoked');
      }
      return { status: 200, body: {} };
    });
  }
}
