import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionRoute } from '../auth/auth.decorators';
import { OwnBodyFormat } from '../auth/guards/session-request.guard';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { ensureBrowserBinding } from '../connect/browser-binding';
import { ConnectService } from '../connect/connect.service';
import { platformKey } from '../connect/dto/connect.inputs';
import { ConnectionsService } from '../connections/connections.service';
import { renderConnectPage, renderContinuePage, renderGonePage, type ConnectPageModel } from './connect-page.view';
import { WorkspaceMessages } from './workspace.errors';
import { WorkspaceService, type LinkHolder } from './workspace.service';

/** The link's token travels in this cookie after the first visit, so later URLs do not carry it. */
const LINK_COOKIE = 'sps_link';
const PAGE = '/connect/link/accounts';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The hosted page a managed user opens from its workspace connection link (docs/workspace.md).
 * `/connect/<token>` stores the token in an httpOnly cookie (path /connect, SameSite=Lax, so
 * other sites cannot post forms with it) and redirects to the page, which connects accounts for
 * that user through the same ConnectService as the dashboard. An expired, replaced or detached
 * link answers 410 on every step.
 */
@ApiExcludeController()
@Controller('connect')
export class ConnectPageController {
  constructor(
    private readonly workspace: WorkspaceService,
    private readonly connect: ConnectService,
    private readonly connections: ConnectionsService,
    private readonly config: AppConfig,
  ) {}

  @Get('link/accounts')
  async accounts(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const holder = await this.holder(request);
    if (!holder) return this.gone(reply);
    const model: ConnectPageModel = {
      name: holder.user.displayName ?? holder.user.email,
      expiresAt: holder.expiresAt,
      platforms: this.connect.connectablePlatforms(),
      connections: (await this.connections.list(holder.user.id)).map((c) => ({ platform: c.platform, username: c.username ?? c.platformId })),
    };
    // Only outcomes this service signed for this link's user are shown in their own words.
    const outcome = this.connect.readOutcome(holder.user.id, query);
    if (outcome?.connected) model.notice = `Connected ${outcome.message}.`;
    else if (outcome) model.error = outcome.message;
    const pendingId = text(query.pending);
    if (pendingId) {
      const pending = await this.connect.pending(holder.user.id, pendingId);
      if (pending) model.pending = { id: pending.id, platform: pending.platform, accounts: pending.accounts };
      else model.error = 'That choice has expired; connect again.';
    }
    this.html(reply, 200, renderConnectPage(model));
  }

  /** OAuth: off to the platform (a sign-in on a server the person typed first shows where it goes). */
  @Get('link/start/:platform')
  async start(@Param('platform') platform: string, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const holder = await this.holder(request);
    if (!holder) return this.gone(reply);
    const browser = ensureBrowserBinding(request, reply, this.config.isProduction);
    try {
      const input = { platform, via: text(query.via) ?? null, instanceUrl: text(query.instanceUrl) ?? null, returnTo: PAGE };
      const { authorizeUrl } = await this.connect.start(holder.user.id, input, browser);
      // A start posted from the page's form (the person typed a server) may not redirect off-site
      // under the page's CSP (form-action): a link to the server it goes to instead.
      const fromForm = this.connect.connectablePlatforms().some((p) => p.platform === platformKey(platform) && p.fields.length > 0);
      if (fromForm) return this.html(reply, 200, renderContinuePage(new URL(authorizeUrl).host, authorizeUrl));
      void reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store').redirect(authorizeUrl, 302);
    } catch (err) {
      this.backWithError(reply, holder, err);
    }
  }

  @Post('link/credentials/:platform')
  @SessionRoute()
  @OwnBodyFormat('application/x-www-form-urlencoded')
  async credentials(@Param('platform') platform: string, @Body() body: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const holder = await this.holder(request);
    if (!holder) return this.gone(reply);
    try {
      const saved = await this.connect.connectWithCredentials(holder.user.id, {
        platform,
        identifier: text(body?.identifier) ?? null,
        secret: typeof body?.secret === 'string' ? body.secret : '',
        chatId: text(body?.chatId) ?? null,
        serviceUrl: text(body?.serviceUrl) ?? null,
      });
      this.back(reply, holder, { connected: saved.platformId });
    } catch (err) {
      this.backWithError(reply, holder, err);
    }
  }

  @Post('link/pending/:id')
  @SessionRoute()
  @OwnBodyFormat('application/x-www-form-urlencoded')
  async choose(@Param('id') id: string, @Body() body: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const holder = await this.holder(request);
    if (!holder) return this.gone(reply);
    const chosen = body?.externalIds;
    const externalIds = (Array.isArray(chosen) ? chosen : [chosen]).filter((x): x is string => typeof x === 'string');
    try {
      const saved = await this.connect.completePending(holder.user.id, id, externalIds);
      this.back(reply, holder, { connected: saved.map((c) => c.platformId).join(', ') });
    } catch (err) {
      this.backWithError(reply, holder, err);
    }
  }

  /** The link itself: its token goes into the cookie, the browser to the page. */
  @Get(':token')
  async open(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const holder = await this.workspace.holderOf(token);
    if (!holder) return this.gone(reply);
    ensureBrowserBinding(request, reply, this.config.isProduction);
    void reply
      .setCookie(LINK_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: this.config.isProduction, path: '/connect', expires: holder.expiresAt })
      .header('referrer-policy', 'no-referrer')
      .redirect(PAGE, 303);
  }

  private holder(request: FastifyRequest): Promise<LinkHolder | null> {
    const token = request.cookies?.[LINK_COOKIE];
    return token ? this.workspace.holderOf(token) : Promise.resolve(null);
  }

  private gone(reply: FastifyReply): void {
    this.html(reply, 410, renderGonePage(WorkspaceMessages.linkGone));
  }

  /** Back to the page with an outcome signed for the link's user. */
  private back(reply: FastifyReply, holder: LinkHolder, outcome: { connected: string } | { error: string; message: string }): void {
    void reply.redirect(`${PAGE}?${new URLSearchParams(this.connect.outcomeParams(holder.user.id, outcome))}`, 303);
  }

  /** A refusal (bad credentials, limits, a platform not configured) shown on the page. */
  private backWithError(reply: FastifyReply, holder: LinkHolder, err: unknown): void {
    if (!(err instanceof ApiError)) throw err;
    const reason = err.body.reason;
    this.back(reply, holder, { error: typeof reason === 'string' ? reason : 'refused', message: err.message });
  }

  private html(reply: FastifyReply, status: number, body: string): void {
    void reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  }
}
