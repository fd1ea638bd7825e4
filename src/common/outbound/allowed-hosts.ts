import { isIP } from 'node:net';
import { classifyAddress, METADATA_HOSTS, normalizeHost } from './address-rules';

/**
 * OUTBOUND_ALLOWED_HOSTS: the origins (`scheme://host[:port]`) an operator exempts from the
 * private-address rule, so an intranet Mastodon or a test fake can be reached without opening
 * every private address. An entry is an exact origin: scheme, host name and port must all match
 * (a name is matched as written, not by what it resolves to). An `http://` entry is also what
 * lets plain http reach that origin where https is otherwise required. A cloud metadata host can
 * never be an entry: the metadata rule has no exemption.
 */
export interface AllowedHost {
  protocol: 'http:' | 'https:';
  /** Lower case, without IPv6 brackets or a trailing dot (`normalizeHost`). */
  host: string;
  port: number;
}

/** What a request goes to, as a URL or undici's connect options name it (`port` '' = the scheme's). */
export interface OriginParts {
  protocol: string;
  hostname: string;
  port: string | number;
}

/** An entry that is not an origin, or that names a metadata host; the message quotes the entry. */
export class AllowedHostsError extends Error {}

const DEFAULT_PORTS: Record<AllowedHost['protocol'], number> = { 'http:': 80, 'https:': 443 };

/** Scheme, then an authority without credentials, then at most a slash. */
const ORIGIN_SHAPE = /^https?:\/\/[^/?#@\s\\]+\/?$/i;
/** A host name's labels (after the URL parser's lower-casing and punycode); no wildcards. */
const HOST_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/** Parses the comma-separated list (empty entries skipped); throws AllowedHostsError on a bad entry. */
export function parseAllowedHosts(raw: string | undefined): AllowedHost[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseEntry);
}

function parseEntry(entry: string): AllowedHost {
  const url = ORIGIN_SHAPE.test(entry) ? parseOrigin(entry) : null;
  const host = url ? normalizeHost(url.hostname) : '';
  if (!url || !(isIP(host) || HOST_NAME.test(host))) {
    throw new AllowedHostsError(`"${entry}" is not an origin: use http(s)://host[:port], without path, query or credentials`);
  }
  if (METADATA_HOSTS.has(host) || classifyAddress(host) === 'metadata') {
    throw new AllowedHostsError(`"${entry}" is a cloud metadata endpoint, which is never allowed`);
  }
  const protocol = url.protocol as AllowedHost['protocol'];
  return { protocol, host, port: url.port === '' ? DEFAULT_PORTS[protocol] : Number(url.port) };
}

function parseOrigin(entry: string): URL | null {
  try {
    return new URL(entry);
  } catch {
    return null;
  }
}

/** True when the origin is one of the entries. */
export function isAllowedHost(allowed: readonly AllowedHost[], target: OriginParts): boolean {
  if (!allowed.length) return false;
  const protocol = target.protocol.toLowerCase();
  if (protocol !== 'http:' && protocol !== 'https:') return false;
  const port = target.port === '' || target.port === undefined ? DEFAULT_PORTS[protocol] : Number(target.port);
  const host = normalizeHost(target.hostname);
  return allowed.some((entry) => entry.protocol === protocol && entry.port === port && entry.host === host);
}
