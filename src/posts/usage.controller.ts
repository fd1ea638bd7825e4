import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { UsageResponse } from './dto/usage.response';
import { PostsService } from './posts.service';

/** How much of the plan is used and left: the numbers create-post's limit checks use (docs/usage.md). */
@ApiTags('usage')
@ApiKeyAuth()
@Controller('api/v1')
export class UsageController {
  constructor(private readonly posts: PostsService) {}

  @Get('usage')
  @FailureMessage('Failed to read usage')
  @ApiOperation({ summary: 'Plan usage: monthly posts, scheduled posts, horizon and connections, used and left' })
  @ApiResponse({ status: 200, type: UsageResponse })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to read usage' })
  async usage(@Ctx() ctx: RequestContext): Promise<UsageResponse> {
    return { success: true, ...(await this.posts.usage(ctx)) };
  }
}
