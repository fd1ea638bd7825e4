import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { ApprovalMessages, PostApprovalsService } from '../posts/post-approvals.service';
import { PostMessages } from '../posts/posts.errors';
import type { PostGroupRecord } from '../posts/schemas/post-group.schema';
import { ApprovalsService } from './approvals.service';

export class RejectPostDto {
  @ApiPropertyOptional({ description: 'Why (at most 2000 characters); told to the editor' }) comment?: string;
}

export class AwaitingApprovalItem {
  @ApiProperty() postGroupId: string;
  @ApiProperty() content: string;
  @ApiProperty({ type: [String] }) platforms: string[];
  @ApiProperty({ description: 'The editor’s user id' }) requestedBy: string;
  @ApiProperty({ format: 'date-time' }) requestedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The time asked for (null: as soon as approved, or the queue)' })
  scheduledTime: string | null;
  @ApiProperty({ description: 'Asked for the next queue slot' }) queue: boolean;
}

export class AwaitingApprovalResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [AwaitingApprovalItem] }) posts: AwaitingApprovalItem[];
}

export class ApprovalDecisionResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty() postGroupId: string;
  @ApiProperty({ enum: ['approved', 'rejected'] }) state: string;
  @ApiProperty({ description: 'The group’s status now: scheduled once approved, draft once rejected' }) status: string;
}

const item = (g: PostGroupRecord): AwaitingApprovalItem => ({
  postGroupId: String(g._id),
  content: g.content,
  platforms: g.platforms ?? [],
  requestedBy: String(g.approval!.requestedBy),
  requestedAt: g.approval!.requestedAt.toISOString(),
  scheduledTime: g.approval!.scheduledTime ? g.approval!.scheduledTime.toISOString() : null,
  queue: g.approval!.queue,
});

/**
 * `/api/v1/approvals` (API key, which acts as the account's owner): the team editors' posts
 * waiting for approval, and the decision (docs/teams.md).
 */
@ApiTags('approvals')
@ApiKeyAuth()
@Controller('api/v1/approvals')
export class ApprovalsController {
  constructor(
    private readonly approvals: ApprovalsService,
    private readonly postApprovals: PostApprovalsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Posts waiting for approval, oldest request first (at most 100)' })
  @ApiResponse({ status: 200, type: AwaitingApprovalResponse })
  async awaiting(@Ctx() ctx: RequestContext) {
    return { success: true, posts: (await this.postApprovals.awaiting(ctx)).map(item) };
  }

  @Post(':postGroupId/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Schedule the post as its editor asked (or queue it), with every scheduling check' })
  @ApiResponse({ status: 200, type: ApprovalDecisionResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${ApprovalMessages.notAwaiting} | a scheduling refusal (limits, no free queue slot)` })
  @ApiResponse({ status: 403, type: ErrorResponse, description: 'A plan limit refusal, with its limit fields' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: PostMessages.notFound })
  async approve(@Ctx() ctx: RequestContext, @Param('postGroupId') postGroupId: string) {
    await this.approvals.approve(ctx, postGroupId);
    return { success: true, postGroupId, state: 'approved', status: 'scheduled' };
  }

  @Post(':postGroupId/reject')
  @HttpCode(200)
  @ApiBody({ type: RejectPostDto, required: false })
  @ApiOperation({ summary: 'Keep the post a draft and tell its editor why' })
  @ApiResponse({ status: 200, type: ApprovalDecisionResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${ApprovalMessages.notAwaiting} | ${ApprovalMessages.commentTooLong}` })
  @ApiResponse({ status: 404, type: ErrorResponse, description: PostMessages.notFound })
  async reject(@Ctx() ctx: RequestContext, @Param('postGroupId') postGroupId: string, @Body() body: Record<string, unknown> | undefined) {
    const comment = typeof body?.comment === 'string' ? body.comment : null;
    await this.approvals.reject(ctx, postGroupId, comment);
    return { success: true, postGroupId, state: 'rejected', status: 'draft' };
  }
}
