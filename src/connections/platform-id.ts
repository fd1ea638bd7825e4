import { createHash } from 'node:crypto';

/** What create-post accepts after `<platform>-` (its pattern's tail): the id part of a compound id. */
const PLAIN_ID = /^[A-Za-z0-9_-]+$/;
/** The shape of a hashed id part; a platform id of this very shape is hashed as well, so none is shared. */
const HASHED_ID = /^id_[0-9a-f]{32}$/;
/** `did:plc:<id>`: the PLC directory's ids are base32 (lower-case letters and digits). */
const PLC_DID = /^did:plc:([a-z0-9]+)$/;
/** `did:web:<host>` with an optional `%3A<port>`; a host of dot-separated labels, none empty. */
const WEB_DID = /^did:web:([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)(?:%3A(\d+))?$/;

/** `id_` and 32 hex digits of the id's SHA-256 (128 bits). */
function hashedId(externalId: string): string {
  return `id_${createHash('sha256').update(externalId, 'utf8').digest('hex').slice(0, 32)}`;
}

/**
 * A Bluesky DID as an id part: `did:plc:<id>` → `<id>`; `did:web:<host>[%3A<port>]` →
 * `web_<host, dots as _>[__<port>]` (a hostname has no `_` and no empty label, so `__` only
 * comes from the port); anything else hashed. The three forms never meet: a plc id has no `_`.
 */
function blueskyIdPart(did: string): string {
  const plc = PLC_DID.exec(did);
  if (plc) return plc[1];
  const web = WEB_DID.exec(did);
  if (web) return `web_${web[1].replace(/\./g, '_')}${web[2] ? `__${web[2]}` : ''}`;
  return hashedId(did);
}

/**
 * The part of the compound id after `<platform>-`: always one create-post accepts, and a
 * different one for every external id of the platform. An id the pattern already accepts is
 * kept as it is (every platform's ids but Bluesky's DIDs, so their compound ids never changed);
 * Bluesky's DIDs are encoded (`blueskyIdPart`); any other id (a future or hand-made one with
 * other characters) is hashed.
 */
export function platformIdPart(platform: string, externalId: string): string {
  if (platform === 'bluesky') return blueskyIdPart(externalId);
  return PLAIN_ID.test(externalId) && !HASHED_ID.test(externalId) ? externalId : hashedId(externalId);
}

/** The compound id `<platform>-<id part>` used by create-post and the connection list. */
export function compoundPlatformId(platform: string, externalId: string): string {
  return `${platform}-${platformIdPart(platform, externalId)}`;
}

/**
 * A compound id without its `<platform>-` prefix, as get-post shows it: everything after the
 * first dash (Telegram's `telegram--100…` keeps its minus sign).
 */
export function idPartOf(platformId: string): string {
  return platformId.slice(platformId.indexOf('-') + 1);
}

/**
 * Connections whose stored compound id may differ from `compoundPlatformId` (a database filter):
 * Bluesky's, and those whose external id create-post's pattern refuses or that look hashed.
 */
export const RECOMPUTED_PLATFORM_IDS_FILTER = {
  $or: [{ platform: 'bluesky' }, { externalId: { $not: PLAIN_ID } }, { externalId: HASHED_ID }],
};

/**
 * test-connection's loose parse (spec: "a simple split on a dash"): split on the FIRST dash, so
 * Telegram's `telegram--100123` keeps its minus sign and the older form of a Bluesky id,
 * `bluesky-did:plc:abc`, keeps its colons. `id` is what follows: the compound id's id part, or
 * (that older form) the external id itself. The prefix is lower-cased (uppercase prefixes are
 * accepted). Null when there is no dash or either part is empty. The prefix is not checked
 * against the platform list here: an unknown prefix simply finds no connection.
 */
export function parseLoosePlatformId(value: string): { platform: string; id: string } | null {
  const dash = value.indexOf('-');
  if (dash <= 0 || dash === value.length - 1) return null;
  const platform = value.slice(0, dash).toLowerCase();
  const id = value.slice(dash + 1);
  if (!platform.trim() || !id.trim()) return null;
  return { platform, id };
}
