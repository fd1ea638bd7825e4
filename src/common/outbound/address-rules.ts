import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which network addresses the service may connect to when a person chose the destination
 * (webhook URLs, Mastodon instances, Bluesky services): loopback, private, link-local, multicast,
 * reserved and cloud-metadata addresses are refused (metadata even when private targets are
 * allowed). Pure functions over IPv4 and IPv6 (IPv4-mapped included), on `net.BlockList`.
 */

export type AddressCategory = 'metadata' | 'loopback' | 'unspecified' | 'private' | 'link-local' | 'multicast' | 'reserved';

/** Cloud instance-metadata endpoints (AWS, GCP, Azure, Alibaba, ECS task metadata, AWS IPv6). */
export const METADATA_HOSTS: ReadonlySet<string> = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  'fd00:ec2::254',
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Lower-case host without IPv6 brackets and without a trailing root dot. */
export function normalizeHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  while (host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

/** Why a resolved address may not be connected to, or null when it may. */
export function refusalForAddress(address: string, allowPrivateTargets: boolean): AddressCategory | null {
  const category = classifyAddress(address);
  if (category === null) return null;
  if (category === 'metadata') return category;
  return allowPrivateTargets ? null : category;
}

/** Category of an IP address (v4 or v6), or null for a public unicast address. Non-IPs: null. */
export function classifyAddress(address: string): AddressCategory | null {
  const ip = normalizeHost(address).split('%')[0]; // drop an IPv6 zone id
  if (METADATA_HOSTS.has(ip)) return 'metadata';
  const version = isIP(ip);
  if (version === 4) return classifyIPv4(parseIPv4(ip));
  if (version === 6) return classifyIPv6(parseIPv6(ip));
  return null;
}

function parseIPv4(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** Non-public ranges, most specific first (the first category whose list holds the address wins). */
const RANGES: ReadonlyArray<[AddressCategory, 'ipv4' | 'ipv6', string, number]> = [
  ['metadata', 'ipv6', 'fd00:ec2::254', 128], // AWS's IPv6 instance metadata
  ['unspecified', 'ipv4', '0.0.0.0', 8], // "this network" (0.0.0.0 reaches the local host)
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['private', 'ipv4', '100.64.0.0', 10], // carrier-grade NAT
  ['private', 'ipv4', '198.18.0.0', 15], // benchmarking
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['reserved', 'ipv4', '192.0.0.0', 24], // IETF protocol assignments
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['reserved', 'ipv4', '240.0.0.0', 4], // 240/4 and the broadcast address
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['private', 'ipv6', 'fc00::', 7], // unique local
  ['link-local', 'ipv6', 'fe80::', 10],
  ['private', 'ipv6', 'fec0::', 10], // deprecated site-local
  ['multicast', 'ipv6', 'ff00::', 8],
];

/** One `net.BlockList` per category, in RANGES' order. */
const CATEGORY_LISTS: ReadonlyArray<[AddressCategory, BlockList]> = (() => {
  const lists = new Map<AddressCategory, BlockList>();
  for (const [category, family, network, prefix] of RANGES) {
    if (!lists.has(category)) lists.set(category, new BlockList());
    lists.get(category)!.addSubnet(network, prefix, family);
  }
  return [...lists];
})();

function rangeCategory(ip: string, family: 'ipv4' | 'ipv6'): AddressCategory | null {
  return CATEGORY_LISTS.find(([, list]) => list.check(ip, family))?.[0] ?? null;
}

function classifyIPv4([a, b, c, d]: number[]): AddressCategory | null {
  const dotted = `${a}.${b}.${c}.${d}`;
  if (METADATA_HOSTS.has(dotted)) return 'metadata';
  return rangeCategory(dotted, 'ipv4');
}

/** Eight 16-bit groups; handles `::` and an embedded dotted IPv4 tail. Input must pass isIP. */
export function parseIPv6(ip: string): number[] {
  let text = ip;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const [a, b, c, d] = parseIPv4(last);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (s: string) => (s ? s.split(':').map((x) => parseInt(x, 16)) : []);
  if (!text.includes('::')) return groups(text);
  const [head, tail] = text.split('::');
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function classifyIPv6(g: number[]): AddressCategory | null {
  const allZero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
  if (allZero(0, 7) && g[7] <= 1) return g[7] === 0 ? 'unspecified' : 'loopback';
  // Forms that carry an IPv4 address and deliver to it: judged by that address.
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d).
  if (allZero(0, 5) && (g[5] === 0xffff || g[5] === 0)) return classifyIPv4(v4(g[6], g[7]));
  // IPv4-translated (::ffff:0:a.b.c.d, RFC 2765).
  if (allZero(0, 4) && g[4] === 0xffff && g[5] === 0) return classifyIPv4(v4(g[6], g[7]));
  // NAT64: the well-known prefix 64:ff9b::/96 and the local-use 64:ff9b:1::/48 forward to the
  // v4 address in the last 32 bits.
  if (g[0] === 0x64 && g[1] === 0xff9b && (allZero(2, 6) || g[2] === 1)) return classifyIPv4(v4(g[6], g[7]));
  // 6to4 (2002::/16): the v4 address in bits 16-47 is where the packets go.
  if (g[0] === 0x2002) return classifyIPv4(v4(g[1], g[2]));
  // Teredo (2001::/32): the server in bits 32-63, the client (bits inverted) in the last 32.
  if (g[0] === 0x2001 && g[1] === 0) {
    return classifyIPv4(v4(g[2], g[3])) ?? classifyIPv4(v4(g[6] ^ 0xffff, g[7] ^ 0xffff));
  }
  return rangeCategory(g.map((x) => x.toString(16)).join(':'), 'ipv6');
}

/** Resolves a host to the one address to connect to, or explains why none may be used. */
export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

export const defaultResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** A destination the rules refuse (its message names the host and the address). */
export class RefusedError extends Error {}

/**
 * The refusal of an IP-literal host by the rules alone, without DNS (null for a name, or for an
 * address that passes): what can be known about a URL before anything is resolved or opened.
 */
export function refusalForLiteral(host: string, allowPrivateTargets: boolean): RefusedError | null {
  const bare = normalizeHost(host);
  const version = isIP(bare);
  return version ? refusalOf(bare, [{ address: bare }], allowPrivateTargets) : null;
}

/**
 * Every resolved address must pass the rules (a name with one private address among public
 * ones is refused: it is either misconfigured or an attack).
 */
function refusalOf(bare: string, addresses: Array<{ address: string }>, allowPrivateTargets: boolean): RefusedError | null {
  if (!addresses.length) return new RefusedError(`Refused: ${bare} did not resolve`);
  for (const a of addresses) {
    const category = refusalForAddress(a.address, allowPrivateTargets);
    if (category) return new RefusedError(`Refused: ${bare} resolves to a ${category} address (${a.address})`);
  }
  return null;
}

/** Picks the address to connect to: the first one, once every resolved address passed the rules. */
export async function resolveDestination(
  host: string,
  allowPrivateTargets: boolean,
  resolver: Resolver = defaultResolver,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = normalizeHost(host);
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await resolver(bare);
  const refusal = refusalOf(bare, addresses, allowPrivateTargets);
  if (refusal) throw refusal;
  const chosen = addresses[0];
  return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
