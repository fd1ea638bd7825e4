import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../auth/request-context';
import { ConnectionsService } from '../connections/connections.service';
import { PlatformRegistry } from '../platforms/platform-registry';
import { PostsService } from '../posts/posts.service';
import { checkParts, planParts, platformLabel } from './content-plan';
import { validateInput } from '../common/validation/validate-input';
import { ValidatePostMediaDto } from './dto/validate-post.dto';
import { asMediaItems, placeholderMedia, tokenProblem } from './post-validation';

export interface PlatformVerdict {
  platformId: string;
  platform: string;
  ok: boolean;
  /** How many posts it goes out as (more than one: an auto-thread); an override is split by itself. */
  parts: number;
  /** Present (true) only when this account publishes its own text (contentOverrides): `problems` and `parts` are that text's. */
  contentOverridden?: true;
  /** Would make publishing fail. */
  problems: string[];
  /** Worth knowing, would not fail by itself. */
  warnings: string[];
}

export interface PostValidation {
  success: true;
  valid: boolean;
  /** What create-post would store; null when it would refuse. */
  status: 'draft' | 'scheduled' | null;
  scheduledTime: string | null;
  scheduledTimeAdjusted: boolean;
  /** create-post's answer when it would refuse: its status and body. */
  rejection: ({ status: number; error: string } & Record<string, unknown>) | null;
  platforms: PlatformVerdict[];
}

/**
 * validate-post: every check create-post and publishing would run, answered without writing
 * anything — create-post's own rules and plan limits (PostsService.previewCreate), then per
 * platform the adapter's content rules on the parts it would send and whether the token will
 * still work when the post goes out.
 */
@Injectable()
export class PostValidationService {
  constructor(
    private readonly posts: PostsService,
    private readonly connections: ConnectionsService,
    private readonly registry: PlatformRegistry,
  ) {}

  async validate(ctx: RequestContext, body: Record<string, unknown>): Promise<PostValidation> {
    const planned = validateInput(ValidatePostMediaDto, body).media ?? null;
    const preview = await this.posts.previewCreate(ctx, body);
    if (!preview.ok) {
      return {
        success: true,
        valid: false,
        status: null,
        scheduledTime: null,
        scheduledTimeAdjusted: false,
        rejection: { status: preview.status, ...preview.body },
        platforms: [],
      };
    }
    const records = new Map((await this.connections.list(ctx.userId)).map((r) => [r.id, r]));
    const publishAt = preview.scheduledTime ?? new Date();
    const platforms = await Promise.all(
      preview.connections.map(async (ref): Promise<PlatformVerdict> => {
        const adapter = this.registry.get(ref.platform);
        const label = platformLabel(ref.platform);
        if (!adapter)
          return {
            platformId: ref.platformId,
            platform: ref.platform,
            ok: false,
            parts: 0,
            problems: [`Publishing to ${ref.platform} is not supported`],
            warnings: [],
          };
        const problems: string[] = [];
        const warnings: string[] = [];
        const media = planned ?? placeholderMedia(adapter.rules);
        if (!planned && media.length)
          warnings.push(`${label} posts need ${adapter.rules.videoOnly ? 'a video' : 'media'}: attach it (get-upload-url) before the post goes out`);
        const override = preview.overrides[ref.platformId];
        const parts = planParts(adapter, override ?? preview.content);
        const settings = preview.platformSettings[ref.platform] ?? {};
        const contentProblem = checkParts(
          adapter,
          parts.map((content) => ({ content })),
          asMediaItems(media),
          settings,
        );
        if (contentProblem) problems.push(contentProblem);
        if (parts.length > 1) warnings.push(`Longer than one ${label} post: it goes out as a thread of ${parts.length}`);
        const record = records.get(ref.id);
        const refreshable = record ? await this.connections.canRefresh(record) : false;
        const token = tokenProblem(label, record?.accessTokenExpiresAt ?? null, publishAt, refreshable);
        if (token) problems.push(token);
        return {
          platformId: ref.platformId,
          platform: ref.platform,
          ok: problems.length === 0,
          parts: parts.length,
          ...(override !== undefined ? { contentOverridden: true as const } : {}),
          problems,
          warnings,
        };
      }),
    );
    return {
      success: true,
      valid: platforms.every((p) => p.ok),
      status: preview.status,
      scheduledTime: preview.scheduledTime?.toISOString() ?? null,
      scheduledTimeAdjusted: preview.scheduledTimeAdjusted,
      rejection: null,
      platforms,
    };
  }
}
