import { Args, Context, ID, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import type { GraphQLContext } from '../graphql/graphql.module';
import { groupedBy, requestLoader } from '../graphql/request-loaders';
import { PostGroupModel } from '../posts/models/post-group.model';
import { validateInput } from '../common/validation/validate-input';
import { SetAltTextDto } from './dto/get-upload-url.dto';
import { CreateUploadUrlInput } from './dto/media.inputs';
import { MediaModel, toMediaModel, UploadUrlModel } from './models/media.model';
import { MediaService } from './media.service';
import type { MediaRecordData } from './schemas/media-record.schema';
import { RequiresRole } from '../auth/team-roles';

/** Media files a group's cost estimate assumes (platforms take at most 10-20 per post). */
export const MEDIA_COST_ESTIMATE = 10;

/**
 * Dashboard GraphQL for media: upload URLs and deletion (MediaService, REST's rules), and the
 * `media` field of PostGroup, batched per request (the media module owns the records, so the field
 * lives here rather than in the posts module).
 */
@Resolver(() => PostGroupModel)
@GqlSessionAuth()
export class MediaResolver {
  constructor(private readonly service: MediaService) {}

  @RequiresRole('editor')
  @Mutation(() => UploadUrlModel)
  async createUploadUrl(@Ctx() ctx: RequestContext, @Args('input', { type: () => CreateUploadUrlInput }) input: CreateUploadUrlInput): Promise<UploadUrlModel> {
    const { uploadUrl, fileUrl, mediaId } = await this.service.createDashboardUploadUrl(ctx, input);
    return { uploadUrl, fileUrl, mediaId };
  }

  @RequiresRole('editor')
  @Mutation(() => MediaModel, {
    description:
      "Sets (\"\" clears) a media file's alt text: REST media/{mediaId}/alt-text's rules (not once the post is published, failed or being published; within its platforms' limits)",
  })
  async setMediaAltText(
    @Ctx() ctx: RequestContext,
    @Args('mediaId', { type: () => ID }) mediaId: string,
    @Args('altText', { type: () => String }) altText: string,
  ): Promise<MediaModel> {
    const { record } = await this.service.setAltText(ctx, mediaId, validateInput(SetAltTextDto, { altText }));
    return toMediaModel(record);
  }

  @RequiresRole('editor')
  @Mutation(() => Boolean, { description: 'Not once the post is published or failed' })
  async deleteMedia(@Ctx() ctx: RequestContext, @Args('mediaId', { type: () => ID }) mediaId: string): Promise<boolean> {
    await this.service.deleteMedia(ctx, mediaId);
    return true;
  }

  @ResolveField(() => [MediaModel], { complexity: ({ childComplexity }) => 1 + childComplexity * MEDIA_COST_ESTIMATE })
  async media(@Parent() group: PostGroupModel, @Ctx() ctx: RequestContext, @Context() gql: GraphQLContext): Promise<MediaModel[]> {
    const loader = requestLoader<string, MediaRecordData[]>(gql, 'postMedia', async (ids) =>
      groupedBy(ids, await this.service.recordsForGroups(ctx.userId, [...ids]), (r) => String(r.postGroupId)),
    );
    return (await loader.load(group.id)).map(toMediaModel);
  }
}
