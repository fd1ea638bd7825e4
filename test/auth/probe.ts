import { Controller, Get, Module } from '@nestjs/common';
import { ApiOperation, ApiResponse } from '@nestjs/swagger';
import { ApiKeyAuth } from '../../src/auth/auth.decorators';
import { Ctx, type RequestContext } from '../../src/auth/request-context';

/** Test-only route behind `@ApiKeyAuth()` that echoes the request context. */
@Controller('api/v1/test-probe')
class ProbeController {
  @Get()
  @ApiKeyAuth()
  // Documented like any route: the suites' responses are held to the served document.
  @ApiOperation({ summary: 'Test only: the request context' })
  @ApiResponse({ status: 200, description: 'The request context', schema: { type: 'object', required: ['userId', 'keyPrefix', 'client'] } })
  probe(@Ctx() ctx: RequestContext) {
    return {
      userId: ctx.userId,
      ownerId: ctx.ownerId,
      ownerEmail: ctx.ownerUser.email,
      billingOwnerId: ctx.billingOwnerUser.id,
      actingUserId: ctx.actingUser.id,
      keyPrefix: ctx.keyPrefix,
      isWorkspace: ctx.isWorkspace,
      client: ctx.client,
      entitlements: ctx.entitlements,
    };
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}

export const PROBE = '/api/v1/test-probe';
