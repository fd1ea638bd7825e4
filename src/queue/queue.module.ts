import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ConnectionsModule } from '../connections/connections.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { LimitsModule } from '../limits/limits.module';
import { PostsModule } from '../posts/posts.module';
import { QueueDefaultsRepository } from './queue-defaults.repository';
import { QueueSchedulesRepository } from './queue-schedules.repository';
import { QueueController } from './queue.controller';
import { QueueResolver } from './queue.resolver';
import { QueueService } from './queue.service';
import { QueueDefault, QueueDefaultSchema } from './schemas/queue-default.schema';
import { QueueSchedule, QueueScheduleSchema } from './schemas/queue-schedule.schema';

/** The posting queue: weekly slots per connection, the free slots they give, and the posts queued on them (docs/queue.md). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: QueueSchedule.name, schema: QueueScheduleSchema },
      { name: QueueDefault.name, schema: QueueDefaultSchema },
    ]),
    ConnectionsModule,
    PostsModule,
    IdempotencyModule,
    LimitsModule,
  ],
  controllers: [QueueController],
  providers: [QueueSchedulesRepository, QueueDefaultsRepository, QueueService, QueueResolver],
  exports: [QueueService],
})
export class QueueModule {}
