import { Controller, Get, Module } from '@nestjs/common';
import { ApiKeyAuth, Ctx, ListPostsQueryDto, PostsModule, PostsService, type RequestContext } from 'social-post-scheduler';
import { AcmeSettings } from './acme-settings';

/** The embedding app's own route, beside the service's: a count of the caller's posts by status. */
@Controller('acme')
export class PostSummaryController {
  constructor(
    private readonly posts: PostsService,
    private readonly settings: AcmeSettings,
  ) {}

  @Get('post-summary')
  @ApiKeyAuth()
  async summary(@Ctx() ctx: RequestContext): Promise<{ team: string; total: number; byStatus: Record<string, number> }> {
    const query = Object.assign(new ListPostsQueryDto(), { page: 1, limit: 100, sortBy: 'createdAt', sortOrder: 'desc' });
    const page = await this.posts.list(ctx, query, 'summaries');
    const byStatus: Record<string, number> = {};
    for (const post of page.items) byStatus[post.status] = (byStatus[post.status] ?? 0) + 1;
    return { team: this.settings.teamName, total: page.pagination.totalItems, byStatus };
  }
}

@Module({ imports: [PostsModule], controllers: [PostSummaryController] })
export class PostSummaryModule {}
