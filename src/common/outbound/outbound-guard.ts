import { Agent, buildConnector } from 'undici';
import { defaultResolver, refusalForLiteral, RefusedError, resolveDestination, type Resolver } from './address-rules';
import { isAllowedHost, type AllowedHost, type OriginParts } from './allowed-hosts';

/** The rules for one kind of destination a person chose (webhook URLs, Mastodon instances, Bluesky services). */
export interface OutboundPolicy {
  /** Lift the private-address rule for every host (the metadata rule stays). */
  allowPrivate: boolean;
  /**
   * Plain http only where `allowPrivate` or an `http://` entry of `allowedHosts` allows it (the
   * servers people type); false: http is as good as https (webhook URLs, as the spec has them).
   */
  httpsOnly: boolean;
  /** OUTBOUND_ALLOWED_HOSTS: origins exempt from the private-address rule (never from the metadata one). */
  allowedHosts: readonly AllowedHost[];
}

/** The host could not be resolved: a network failure, not a refusal. */
export class DnsLookupError extends Error {
  constructor(cause: Error) {
    super(`DNS lookup failed: ${(cause as { code?: string }).code ?? cause.message}`);
  }
}

/** A refusal of the URL's scheme: not http(s), or plain http where https is required. */
export class SchemeRefusedError extends RefusedError {}

const openSocket = buildConnector({});

/**
 * Everything an outbound request to a chosen destination goes through: one keep-alive undici pool
 * whose connector resolves the host, checks every address against the address rules (with the
 * policy's exemptions) and opens the socket to exactly the checked address, so there is no second
 * resolution for a DNS answer to change (rebinding); TLS still names the host (SNI, certificate).
 * A pooled socket was opened to an address that passed the rules; guards of different policies
 * never share a pool. Redirects are the caller's business: undici's `request` never follows them,
 * and `fetch` must be given `redirect: 'manual'`.
 */
export class OutboundGuard {
  readonly dispatcher: Agent;

  constructor(
    readonly policy: OutboundPolicy,
    private readonly resolver: Resolver = defaultResolver,
  ) {
    this.dispatcher = new Agent({ keepAliveTimeout: 4_000, connect: this.checkedConnector() });
  }

  /** The origin is an OUTBOUND_ALLOWED_HOSTS entry. */
  listed(target: OriginParts): boolean {
    return isAllowedHost(this.policy.allowedHosts, target);
  }

  /** Whether private addresses may be reached at this origin. */
  allowsPrivate(target: OriginParts): boolean {
    return this.policy.allowPrivate || this.listed(target);
  }

  /** Whether plain http may reach this origin. */
  allowsPlainHttp(target: OriginParts): boolean {
    return !this.policy.httpsOnly || this.policy.allowPrivate || (target.protocol === 'http:' && this.listed(target));
  }

  /**
   * What can be refused before any connection: the scheme (http or https only; plain http as the
   * policy says) and an IP-literal host. A host name is checked when the socket is opened.
   */
  refusalForUrl(url: string | URL): RefusedError | null {
    let parsed: URL;
    try {
      parsed = typeof url === 'string' ? new URL(url) : url;
    } catch {
      return new RefusedError('Refused: not a URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return new SchemeRefusedError(`Refused: unsupported protocol ${parsed.protocol}`);
    const literal = refusalForLiteral(parsed.hostname, this.allowsPrivate(parsed));
    if (literal) return literal;
    if (parsed.protocol === 'http:' && !this.allowsPlainHttp(parsed)) return new SchemeRefusedError(`Refused: plain http to ${parsed.hostname}`);
    return null;
  }

  /** The address a request to this URL's host would connect to (a check ahead of any request, e.g. when a server is typed). */
  resolve(url: URL): Promise<{ address: string; family: 4 | 6 }> {
    return resolveDestination(url.hostname, this.allowsPrivate(url), this.resolver);
  }

  private checkedConnector(): buildConnector.connector {
    return (options, callback) => {
      const allowPrivate = this.allowsPrivate({ protocol: options.protocol, hostname: options.hostname, port: options.port });
      resolveDestination(options.hostname, allowPrivate, this.resolver).then(
        ({ address }) => openSocket({ ...options, hostname: address }, callback),
        (err: Error) => callback(err instanceof RefusedError ? err : new DnsLookupError(err), null),
      );
    };
  }
}

const shared = new Map<string, OutboundGuard>();

/**
 * The process's one guard per policy (with the system resolver), so every caller with the same
 * rules shares one pool of checked sockets.
 */
export function outboundGuard(policy: OutboundPolicy): OutboundGuard {
  const key = JSON.stringify([policy.allowPrivate, policy.httpsOnly, policy.allowedHosts]);
  let guard = shared.get(key);
  if (!guard) shared.set(key, (guard = new OutboundGuard(policy)));
  return guard;
}
