import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AnalyticsModule } from '../analytics/analytics.module';
import { ConnectionsModule } from '../connections/connections.module';
import { MediaModule } from '../media/media.module';
import { PostsModule } from '../posts/posts.module';
import { PublishingModule } from '../publishing/publishing.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { McpHttpRoutes } from './mcp-http.routes';
import { McpIdempotencyRepository } from './mcp-idempotency.repository';
import { McpIdempotencyService } from './mcp-idempotency.service';
import { McpServerFactory } from './mcp-server.factory';
import { McpIdempotencyRecord, McpIdempotencyRecordSchema } from './schemas/mcp-idempotency-record.schema';

/** The MCP server for AI assistants at MCP_PATH (docs/mcp.md): the REST services as tools. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: McpIdempotencyRecord.name, schema: McpIdempotencyRecordSchema }]),
    PostsModule,
    ConnectionsModule,
    MediaModule,
    WebhooksModule,
    AnalyticsModule,
    PublishingModule,
  ],
  providers: [McpIdempotencyRepository, McpIdempotencyService, McpServerFactory, McpHttpRoutes],
})
export class McpModule {}
