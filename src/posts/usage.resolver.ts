import { Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { toUsageModel, UsageModel } from './models/usage.model';
import { PostsService } from './posts.service';

/** Dashboard GraphQL twin of GET /api/v1/usage (same service method). */
@Resolver()
@GqlSessionAuth()
export class UsageResolver {
  constructor(private readonly posts: PostsService) {}

  @Query(() => UsageModel)
  async usage(@Ctx() ctx: RequestContext): Promise<UsageModel> {
    return toUsageModel(await this.posts.usage(ctx));
  }
}
