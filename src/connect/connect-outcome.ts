import { createHmac, timingSafeEqual } from 'node:crypto';
import { ConnectMessages } from './connect.errors';

/**
 * How a connection attempt ended, as the page it returns to reads it from the address:
 * `?connected=<platform ids>` or `?error=<code>&message=<text>`, each with `sig`, an HMAC over the
 * user the attempt was for and the outcome. Anyone can put any `message=` in a link; a page shows
 * the words only when the signature is this service's for the signed-in user (or the workspace
 * link's user), and otherwise the fixed text of the error code, so a crafted link cannot make the
 * dashboard say what its author wants. The user is in the signature because anyone can produce a
 * signed outcome for their own account (an OAuth error description is the provider's words).
 */
export interface OutcomeParams {
  connected?: string;
  error?: string;
  message?: string;
  sig?: string;
}

/** What a page shows: a connection (with the ids connected) or a failure in words. */
export interface ConnectOutcome {
  connected: boolean;
  message: string;
}

/** Words for each refusal code when the address's own words cannot be trusted. */
const CODE_TEXT: Record<string, string> = {
  access_denied: 'Access was not granted',
  invalid_state: ConnectMessages.invalidState,
  expired_state: ConnectMessages.expiredState,
  token_exchange_failed: 'The platform did not complete the connection: try again',
  connection_limit: "Your plan's connection limit is reached",
  not_configured: 'This platform is not configured on this service',
  invalid_credentials: 'The credentials were refused',
  invalid_instance: 'That server address was refused',
  account_unavailable: 'That account cannot be connected here',
};
const UNKNOWN_FAILURE = 'The account was not connected: try again';
const MAX_MESSAGE_LENGTH = 1_000;

/** The fixed words of a refusal code (an unknown code gets a general sentence). */
export function textOfCode(code: string): string {
  return Object.hasOwn(CODE_TEXT, code) ? CODE_TEXT[code] : UNKNOWN_FAILURE;
}

export class OutcomeSigner {
  private readonly key: Buffer;

  /** The key is derived from the session secret, for this purpose only. */
  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('connect-outcome-signing').digest();
  }

  /** The outcome's address parameters, signed for `userId` (unsigned when the user is unknown). */
  params(userId: string | null, outcome: { connected: string } | { error: string; message: string }): Record<string, string> {
    const params: Record<string, string> =
      'connected' in outcome ? { connected: outcome.connected } : { error: outcome.error, message: outcome.message.slice(0, MAX_MESSAGE_LENGTH) };
    if (userId) params.sig = this.signature(userId, params);
    return params;
  }

  /**
   * What to show for the address's parameters, for `userId`: null when they name no outcome, or
   * a connection whose signature does not hold (nothing to announce). A failure always shows:
   * its own words when signed for this user, its code's words otherwise.
   */
  read(userId: string, query: OutcomeParams): ConnectOutcome | null {
    const connected = text(query.connected);
    const error = text(query.error);
    if (connected) {
      return this.holds(userId, { connected }, query.sig) ? { connected: true, message: connected } : null;
    }
    if (!error) return null;
    const message = typeof query.message === 'string' ? query.message : '';
    const signed = message !== '' && this.holds(userId, { error, message }, query.sig);
    return { connected: false, message: signed ? message : textOfCode(error) };
  }

  private holds(userId: string, params: Record<string, string>, sig: unknown): boolean {
    if (typeof sig !== 'string' || sig.length === 0) return false;
    const expected = Buffer.from(this.signature(userId, params));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(userId: string, params: Record<string, string>): string {
    const fields = 'connected' in params ? ['connected', params.connected] : ['error', params.error, params.message];
    return createHmac('sha256', this.key)
      .update(JSON.stringify([userId, ...fields]))
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
