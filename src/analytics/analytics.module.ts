import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ConnectionsModule } from '../connections/connections.module';
import { AnalyticsCacheRepository } from './analytics-cache.repository';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { DisabledFeedController } from './disabled-feed.controller';
import { LinkedInAnalyticsClient } from './linkedin-analytics.client';
import { AnalyticsCacheEntry, AnalyticsCacheEntrySchema } from './schemas/analytics-cache-entry.schema';

/** LinkedIn member analytics with a shared 30-minute cache, and the disabled feed routes. */
@Module({
  imports: [MongooseModule.forFeature([{ name: AnalyticsCacheEntry.name, schema: AnalyticsCacheEntrySchema }]), ConnectionsModule],
  controllers: [AnalyticsController, DisabledFeedController],
  providers: [AnalyticsService, AnalyticsCacheRepository, LinkedInAnalyticsClient],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
