import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AppConfig } from '../config/app-config.service';
import { ConnectionsModule } from '../connections/connections.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { PostsModule } from '../posts/posts.module';
import { ConnectionBudget } from './connection-budget';
import { EngagementCollectorService } from './engagement-collector.service';
import { EngagementEventsSubscriber } from './engagement-events.subscriber';
import { ENGAGEMENT_SETTINGS, engagementSettingsFrom } from './engagement-settings';
import { EngagementController } from './engagement.controller';
import { EngagementResolver } from './engagement.resolver';
import { EngagementService } from './engagement.service';
import { MetricSnapshotsRepository } from './metric-snapshots.repository';
import { MetricTracksRepository } from './metric-tracks.repository';
import { MetricSnapshot, MetricSnapshotSchema } from './schemas/metric-snapshot.schema';
import { MetricTrack, MetricTrackSchema } from './schemas/metric-track.schema';

/**
 * What each post and account did on its platform: tracks of what to read and when, the collector
 * that reads them within each connection's budget, the snapshots, and the API over them
 * (docs/engagement.md). The spec's LinkedIn analytics routes stay in the analytics module.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: MetricTrack.name, schema: MetricTrackSchema },
      { name: MetricSnapshot.name, schema: MetricSnapshotSchema },
    ]),
    PostsModule,
    ConnectionsModule,
    PlatformsModule,
  ],
  controllers: [EngagementController],
  providers: [
    { provide: ENGAGEMENT_SETTINGS, inject: [AppConfig], useFactory: (config: AppConfig) => engagementSettingsFrom(config.env) },
    MetricTracksRepository,
    MetricSnapshotsRepository,
    ConnectionBudget,
    EngagementCollectorService,
    EngagementEventsSubscriber,
    EngagementService,
    EngagementResolver,
  ],
  exports: [EngagementService, EngagementCollectorService],
})
export class EngagementModule {}
