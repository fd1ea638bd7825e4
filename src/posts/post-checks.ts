import { Inject, Injectable } from '@nestjs/common';

/** What a post check sees of a post on its way out. */
export interface PostCheckInput {
  /** `schedule`: create-post or update-post is about to schedule it (or publish it now); `publish`: the engine is about to send it. */
  stage: 'schedule' | 'publish';
  userId: string;
  /** Absent at `schedule` for a post not yet created. */
  postGroupId?: string;
  content: string;
  /** Bare platform names (`schedule`: every platform of the group; `publish`: the one being sent). */
  platforms: string[];
  /** Compound connection ids, as create-post takes them. */
  platformIds: string[];
  mediaUrls: string[];
}

/**
 * A rule every post must pass (a compliance check): null lets it through, a message refuses it.
 * At `schedule` the refusal is a 400 with that message on every surface and nothing is stored;
 * at `publish` the platform post fails with code `REFUSED_BY_CHECK` and that message. A check
 * that throws is an error of the service (500; at `publish` the attempt is tried again later).
 */
export interface PostCheck {
  check(post: PostCheckInput): Promise<string | null> | string | null;
}

/** The embedding app's post checks, in the order they run (possibly none). */
export const POST_CHECKS = Symbol('POST_CHECKS');

/** The embedding app's post checks, run in the order it registered them; the first refusal wins. */
@Injectable()
export class PostChecks {
  constructor(@Inject(POST_CHECKS) private readonly checks: PostCheck[]) {}

  async refusal(post: PostCheckInput): Promise<string | null> {
    for (const check of this.checks) {
      const message = await check.check(post);
      if (message) return message;
    }
    return null;
  }
}
