import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionRoute } from '../auth/auth.decorators';
import { OwnBodyFormat } from '../auth/guards/session-request.guard';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { renderReviewGonePage, renderReviewPage } from './review-page.view';
import { ReviewMessages, ReviewsService, type ReviewHolder } from './reviews.service';

/** The link's token travels in this cookie after the first visit, so later URLs do not carry it. */
const REVIEW_COOKIE = 'sps_review';
const PAGE = '/review/post';
const NOTICES: Record<string, string> = {
  approved: 'Thank you: your approval was sent to the team.',
  commented: 'Thank you: your comment was sent to the team.',
};

/**
 * The page a review link opens (docs/teams.md). `/review/<token>` stores the token in an httpOnly
 * cookie (path /review, SameSite=Lax) and redirects to the page; an expired or revoked link, or
 * one whose post is gone, answers 410 on every step. The form posts are session routes: another
 * site cannot post them.
 */
@ApiExcludeController()
@Controller('review')
export class ReviewPageController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly config: AppConfig,
  ) {}

  @Get('post')
  async show(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const holder = await this.holder(request);
    if (!holder) return this.gone(reply);
    const done = typeof query.done === 'string' ? NOTICES[query.done] : undefined;
    const error = typeof query.error === 'string' && Object.values(ReviewMessages).includes(query.error) ? query.error : undefined;
    this.html(reply, 200, this.render(holder, { notice: done, error }));
  }

  @Post('post/decision')
  @SessionRoute()
  @OwnBodyFormat('application/x-www-form-urlencoded')
  async decide(@Body() body: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const holder = await this.holder(request);
    if (!holder) return this.gone(reply);
    try {
      const decision = await this.reviews.decide(holder, body ?? {});
      if (!decision) return this.gone(reply);
      void reply.redirect(`${PAGE}?done=${decision}`, 303);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      void reply.redirect(`${PAGE}?${new URLSearchParams({ error: err.message })}`, 303);
    }
  }

  /** The link itself: its token goes into the cookie, the browser to the page. */
  @Get(':token')
  async open(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    const holder = await this.reviews.holderOf(token);
    if (!holder) return this.gone(reply);
    void reply
      .setCookie(REVIEW_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: this.config.isProduction, path: '/review', expires: holder.link.expiresAt })
      .header('referrer-policy', 'no-referrer')
      .redirect(PAGE, 303);
  }

  private holder(request: FastifyRequest): Promise<ReviewHolder | null> {
    return this.reviews.holderOf(request.cookies?.[REVIEW_COOKIE]);
  }

  private render(h: ReviewHolder, extra: { notice?: string; error?: string }): string {
    return renderReviewPage({
      accountName: h.accountName,
      expiresAt: h.link.expiresAt,
      status: h.group.status,
      scheduledTime: h.group.scheduledTime ?? null,
      approvalState: h.group.approval?.state ?? null,
      mediaUrls: h.group.mediaUrls ?? [],
      posts: h.platformPosts.map((p) => ({
        platform: p.platform,
        platformId: p.platformId,
        content: p.content ?? h.group.content,
        firstComment: p.firstComment?.content ?? null,
      })),
      decisions: [...h.link.decisions].reverse(),
      ...extra,
    });
  }

  private gone(reply: FastifyReply): void {
    this.html(reply, 410, renderReviewGonePage(ReviewMessages.gone));
  }

  private html(reply: FastifyReply, status: number, body: string): void {
    void reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  }
}
