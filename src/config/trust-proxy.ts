import { isIP } from 'node:net';

/** What Fastify's `trustProxy` accepts and we allow: off, every hop, a hop count, or the proxies. */
export type TrustProxy = boolean | number | string;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One proxy entry: an address, a CIDR range, or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY → Fastify's `trustProxy`. Empty or `false`: X-Forwarded-For is ignored and the
 * client address is the socket's (the default: a client cannot choose its address). `true`:
 * every hop is trusted (only behind a proxy that overwrites the header). A number: that many
 * hops. Otherwise a comma-separated list of the proxies' addresses, CIDR ranges or `loopback`,
 * `linklocal`, `uniquelocal`. Null when the value is none of these.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length || !entries.every(isProxyEntry)) return null;
  return entries.join(',');
}
