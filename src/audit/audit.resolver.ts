import { Args, GraphQLISODateTime, Int, Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { RequiresRole } from '../auth/team-roles';
import { AuditPageModel, toAuditEntryModel } from './audit.models';
import { AuditService } from './audit.service';

@Resolver()
@GqlSessionAuth()
export class AuditResolver {
  constructor(private readonly audit: AuditService) {}

  @RequiresRole('admin')
  @Query(() => AuditPageModel, {
    description: 'The account’s audit log, newest first (owner and admins)',
    complexity: ({ args, childComplexity }) => 1 + childComplexity * pageSize(args.limit),
  })
  async auditLog(
    @Ctx() ctx: RequestContext,
    @Args('page', { type: () => Int, nullable: true }) page?: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number | null,
    @Args('action', { type: () => String, nullable: true }) action?: string | null,
    @Args('actorType', { type: () => String, nullable: true }) actorType?: string | null,
    @Args('from', { type: () => GraphQLISODateTime, nullable: true }) from?: Date | null,
    @Args('to', { type: () => GraphQLISODateTime, nullable: true }) to?: Date | null,
  ): Promise<AuditPageModel> {
    const result = await this.audit.list(ctx, { page, limit, action, actorType, from, to });
    return { ...result, entries: result.entries.map(toAuditEntryModel) };
  }
}

/** The page size the cost counts: `limit` as the service clamps it (default 50, at most 100). */
function pageSize(limit: unknown): number {
  const n = Number(limit ?? 50);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 100) : 50;
}
