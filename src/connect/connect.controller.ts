import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readBrowserBinding } from './browser-binding';
import { ConnectService, type CallbackQuery } from './connect.service';

const one = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Where each provider sends the browser back (`PUBLIC_BASE_URL/connect/callback/<platform>`).
 * Always a 302 to the flow's `returnTo`; a browser target, not part of the REST API document.
 */
@Controller('connect')
export class ConnectController {
  constructor(private readonly connect: ConnectService) {}

  @Get('callback/:platform')
  @ApiExcludeEndpoint()
  async callback(
    @Param('platform') platform: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const params: CallbackQuery = {
      code: one(query.code),
      state: one(query.state),
      error: one(query.error),
      error_description: one(query.error_description),
    };
    const location = await this.connect.callback(platform, params, readBrowserBinding(request));
    // The code and state must not travel on in a Referer header from the page we land on.
    void reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store').redirect(location, 302);
  }
}
