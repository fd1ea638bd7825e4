import { PLATFORM_NAMES, type PlatformName } from '../platforms/platform-adapter';

export function isPlatformName(value: unknown): value is PlatformName {
  return typeof value === 'string' && (PLATFORM_NAMES as readonly string[]).includes(value);
}

/** The compound id `<platform>-<externalId>` used by create-post and the connection list. */
export function compoundPlatformId(platform: string, externalId: string): string {
  return `${platform}-${externalId}`;
}

/**
 * test-connection's loose parse (spec: "a simple split on a dash"): split on the FIRST dash, so
 * Telegram's `telegram--100123` keeps its minus sign and Bluesky's `bluesky-did:plc:abc` keeps
 * its colons. The prefix is lower-cased (uppercase prefixes are accepted). Null when there is no
 * dash or either part is empty. The prefix is not checked against the platform list here: an
 * unknown prefix simply finds no connection.
 */
export function parseLoosePlatformId(value: string): { platform: string; externalId: string } | null {
  const dash = value.indexOf('-');
  if (dash <= 0 || dash === value.length - 1) return null;
  const platform = value.slice(0, dash).toLowerCase();
  const externalId = value.slice(dash + 1);
  if (!platform.trim() || !externalId.trim()) return null;
  return { platform, externalId };
}
