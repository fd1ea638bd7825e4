import { EngagementModule } from '../engagement/engagement.module';
import { BulkModule } from '../bulk/bulk.module';
import { RecoveryModule } from '../recovery/recovery.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { QueueModule } from '../queue/queue.module';
import { Module } from '@nestjs/common';
import { WorkspaceModule } from '../workspace/workspace.module';
import { AnalyticsModule } from '../analytics/analytics.module';
import { LinkedInSocialModule } from '../linkedin-social/linkedin-social.module';
import { ConnectionsModule } from '../connections/connections.module';
import { MediaModule } from '../media/media.module';
import { PostsModule } from '../posts/posts.module';
import { PublishingModule } from '../publishing/publishing.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { McpHttpRoutes } from './mcp-http.routes';
import { McpIdempotencyService } from './mcp-idempotency.service';
import { McpServerFactory } from './mcp-server.factory';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { ApprovalsModule } from '../approvals/approvals.module';

/** The MCP server for AI assistants at MCP_PATH (docs/mcp.md): the REST services as tools. */
@Module({
  imports: [
    IdempotencyModule,
    PostsModule,
    ConnectionsModule,
    MediaModule,
    WebhooksModule,
    AnalyticsModule,
    LinkedInSocialModule,
    PublishingModule,
    WorkspaceModule,
    QueueModule,
    PlatformsModule,
    RecoveryModule,
    EngagementModule,
    BulkModule,
    ApprovalsModule,
  ],
  providers: [McpIdempotencyService, McpServerFactory, McpHttpRoutes],
})
export class McpModule {}
