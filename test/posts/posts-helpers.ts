import { createAccount, createConnection, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import type { ConnectionRef } from '../../src/connections/connections.service';
import type { PlatformName, PlatformPostStatus, PostGroupStatus } from '@app/rules';
import { PlatformPostsRepository, type NewPlatformPost } from '../../src/posts/platform-posts.repository';
import { PostGroupsRepository } from '../../src/posts/post-groups.repository';

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

export interface SeedGroup {
  content?: string;
  status: PostGroupStatus;
  scheduledTime?: Date;
  createdAt?: Date;
  updatedAt?: Date;
  connections: ConnectionRef[];
  /** Per-platform status; default follows the group. */
  postStatus?: PlatformPostStatus;
  attemptCount?: number;
}

/** Writes groups and their platform posts through the posts repositories (no HTTP), in bulk. */
export async function seedGroups(t: TestApp, userId: string, groups: SeedGroup[]): Promise<string[]> {
  const groupsRepo = t.app.get(PostGroupsRepository);
  const postsRepo = t.app.get(PlatformPostsRepository);
  const ids = groups.map(() => new Types.ObjectId());
  await groupsRepo.insertSeeds(
    userId,
    groups.map((g, i) => ({
      _id: ids[i],
      content: g.content ?? `seed ${i}`,
      status: g.status,
      ...(g.scheduledTime ? { scheduledTime: g.scheduledTime } : {}),
      platformSettings: {},
      platforms: [...new Set(g.connections.map((c) => c.platform))],
      ...(g.createdAt ? { createdAt: g.createdAt } : {}),
      ...(g.updatedAt ? { updatedAt: g.updatedAt } : {}),
    })),
  );
  const posts: Array<NewPlatformPost & { postGroupId: Types.ObjectId; attemptCount?: number }> = [];
  groups.forEach((g, i) => {
    for (const c of g.connections) {
      posts.push({
        postGroupId: ids[i],
        connectionId: c.id,
        platform: c.platform,
        platformId: c.platformId,
        externalId: c.externalId,
        status: g.postStatus ?? defaultPostStatus(g.status),
        content: g.content ?? `seed ${i}`,
        ...(g.scheduledTime ? { scheduledTime: g.scheduledTime } : {}),
        ...(g.attemptCount !== undefined ? { attemptCount: g.attemptCount } : {}),
      });
    }
  });
  if (posts.length) await postsRepo.insertSeeds(userId, posts);
  return ids.map(String);
}

function defaultPostStatus(status: PostGroupStatus): PlatformPostStatus {
  if (status === 'draft') return 'pending';
  if (status === 'scheduled') return 'scheduled';
  if (status === 'published') return 'published';
  return 'failed';
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
