import { Injectable, Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AnalyticsService } from '../analytics/analytics.service';
import type { RequestContext } from '../auth/request-context';
import { AppConfig } from '../config/app-config.service';
import { ConnectionsService } from '../connections/connections.service';
import { MediaService } from '../media/media.service';
import { PostsService } from '../posts/posts.service';
import { PostValidationService } from '../publishing/post-validation.service';
import { WebhooksService } from '../webhooks/webhooks.service';
import { McpIdempotencyService } from './mcp-idempotency.service';
import { QueueService } from '../queue/queue.service';
import { registerAnalyticsTools } from './tools/analytics.tools';
import { registerBulkTools } from './tools/bulk.tools';
import { BulkService } from '../bulk/bulk.service';
import { registerLinkedInSocialTools } from './tools/linkedin-social.tools';
import { LinkedInSocialService } from '../linkedin-social/linkedin-social.service';
import { registerConnectionsTools } from './tools/connections.tools';
import { registerMediaTools } from './tools/media.tools';
import { registerPlanningTools } from './tools/planning.tools';
import { registerPostsTools } from './tools/posts.tools';
import { registerQueueTools } from './tools/queue.tools';
import { registerRecoveryTools } from './tools/recovery.tools';
import { registerEngagementTools } from './tools/engagement.tools';
import { EngagementService } from '../engagement/engagement.service';
import { RecoveryService } from '../recovery/recovery.service';
import { PlatformRegistry } from '../platforms/platform-registry';
import { registerTeamsTools } from './tools/teams.tools';
import { registerWebhooksTools } from './tools/webhooks.tools';
import { registerWorkspaceTools } from './tools/workspace.tools';
import { WorkspaceService } from '../workspace/workspace.service';
import { ApprovalsService } from '../approvals/approvals.service';
import { AuditService } from '../audit/audit.service';
import { PostApprovalsService } from '../posts/post-approvals.service';

export const MCP_SERVER_NAME = 'social-post-scheduler';
export const MCP_SERVER_VERSION = '1.0.0';

const INSTRUCTIONS =
  'Schedule and publish social-media posts on the connected accounts of this API key. Start with list_connections to get platformIds, ' +
  'then create_post (a draft without scheduledTime, scheduled with one). For media: create a draft, get_upload_url, PUT the file, then ' +
  'update_post with status=scheduled. Tool results are the REST API bodies as JSON; failures are tool errors carrying { error, status } ' +
  '(and the limit-exceeded fields for plan limits). To post at the next free time slot of an account instead of a fixed time, use add_to_queue (get_queue shows its schedule and queue). When a post failed, get_post shows its errorCategory and errorHint; retry_post sends it again, unpublish_post deletes a published one. Pass an idempotencyKey to create_post, add_to_queue, update_post, retry_post, unpublish_post, create_webhook and get_upload_url when you may retry.';

/**
 * One MCP server per HTTP request (stateless mode), bound to the caller resolved by the API-key
 * check. Every tool calls the same service as its REST route.
 */
@Injectable()
export class McpServerFactory {
  private readonly logger = new Logger('McpTools');

  constructor(
    private readonly posts: PostsService,
    private readonly connections: ConnectionsService,
    private readonly media: MediaService,
    private readonly webhooks: WebhooksService,
    private readonly analytics: AnalyticsService,
    private readonly idempotency: McpIdempotencyService,
    private readonly validation: PostValidationService,
    private readonly workspace: WorkspaceService,
    private readonly queue: QueueService,
    private readonly config: AppConfig,
    private readonly platforms: PlatformRegistry,
    private readonly recovery: RecoveryService,
    private readonly engagement: EngagementService,
    private readonly linkedinSocial: LinkedInSocialService,
    private readonly bulk: BulkService,
    private readonly approvals: ApprovalsService,
    private readonly postApprovals: PostApprovalsService,
    private readonly audit: AuditService,
  ) {}

  create(ctx: RequestContext): McpServer {
    const server = new McpServer({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION }, { instructions: INSTRUCTIONS });
    const limit = this.config.env.MCP_MAX_RESPONSE_BYTES;
    const scope = { ctx, logger: this.logger, budget: { remaining: limit, limit } };
    registerPostsTools(server, scope, { posts: this.posts, idempotency: this.idempotency, platformNames: this.platforms.names() });
    registerConnectionsTools(server, scope, this.connections);
    registerMediaTools(server, scope, this.media, this.idempotency);
    registerWebhooksTools(server, scope, this.webhooks, this.idempotency);
    registerAnalyticsTools(server, scope, this.analytics);
    registerLinkedInSocialTools(server, scope, this.linkedinSocial);
    registerPlanningTools(server, scope, { posts: this.posts, validation: this.validation });
    registerWorkspaceTools(server, scope, this.workspace);
    registerQueueTools(server, scope, { queue: this.queue, idempotency: this.idempotency });
    registerRecoveryTools(server, scope, { recovery: this.recovery, idempotency: this.idempotency });
    registerEngagementTools(server, scope, this.engagement);
    registerBulkTools(server, scope, { bulk: this.bulk, idempotency: this.idempotency });
    registerTeamsTools(server, scope, { approvals: this.approvals, postApprovals: this.postApprovals, audit: this.audit });
    return server;
  }
}
