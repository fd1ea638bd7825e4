import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConnectionsService } from '../connections/connections.service';
import { PlatformPostsRepository } from './platform-posts.repository';

/**
 * At start-up, before the app serves requests: connections stored with a compound id other than
 * today's `compoundPlatformId` (Bluesky's `bluesky-did:plc:…`, which create-post refuses) get the
 * current one, their platform posts first (spacing, limits per connection and update-post's
 * comparison match posts by that id). Each write changes only what still reads the old id, so it
 * is idempotent: a start that stops half-way is finished by the next one (the connection is
 * renamed last, so it is found again), and instances starting together do the same writes.
 * Posts of connections deleted before the upgrade keep the id they were made with.
 */
@Injectable()
export class PlatformIdUpgrade implements OnModuleInit {
  private readonly logger = new Logger('PlatformIdUpgrade');

  constructor(
    private readonly connections: ConnectionsService,
    private readonly platformPosts: PlatformPostsRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.run();
  }

  /** The connections it gave a new id (this instance's writes; another may have done some). */
  async run(): Promise<number> {
    let renamed = 0;
    for (const stale of await this.connections.findStalePlatformIds()) {
      const posts = await this.platformPosts.renamePlatformId(stale.userId, stale.id, stale.from, stale.to);
      if (await this.connections.renamePlatformId(stale)) {
        renamed++;
        this.logger.log({ connectionId: stale.id, from: stale.from, to: stale.to, posts }, 'Connection given its current compound id');
      }
    }
    return renamed;
  }
}
