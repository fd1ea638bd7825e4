import { createAccount, createConnection, type TestApp } from '@test/support';
import type { ConnectionRef } from '../../src/connections/connections.service';
import type { PlatformName } from '@app/rules';

export { seedGroups, type SeedGroup } from '@test/support';

export type Account = Awaited<ReturnType<typeof createAccount>>;

/** An account with API access and connections on the given platforms. */
export async function accountWithConnections(
  t: TestApp,
  platforms: PlatformName[],
  options: Parameters<typeof createAccount>[1] = { plan: 'pro' },
): Promise<{ account: Account; connections: ConnectionRef[] }> {
  // Paid plans allow as many connections as seats: give them room unless a test says otherwise.
  const seats = options.seats ?? (options.plan && options.plan !== 'starter' ? 20 : undefined);
  const account = await createAccount(t, { ...options, ...(seats !== undefined ? { seats } : {}) });
  const connections: ConnectionRef[] = [];
  for (const platform of platforms) connections.push(await createConnection(t, account.userId, { platform }));
  return { account, connections };
}

export function inDays(days: number, from = new Date()): Date {
  return new Date(from.getTime() + days * 24 * 60 * 60 * 1000);
}

/** A whole-second ISO time (the accepted format) `minutes` ahead. */
export function isoIn(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setUTCMilliseconds(0);
  return d.toISOString();
}
