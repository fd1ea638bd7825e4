import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from './auth.decorators';
import { AdminCreateUserInput, AdminUpdateUserInput } from './dto/admin-user.input';
import { AdminUserModel, AdminUserPageModel } from './models/admin-user.model';
import { toUserModel } from './models/user.model';
import { UsersService, type AdminUserView } from './users.service';

export const ADMIN_PAGE_DEFAULT_LIMIT = 20;
export const ADMIN_PAGE_MAX_LIMIT = 100;

function toModel(u: AdminUserView): AdminUserModel {
  return { ...toUserModel(u), createdAt: u.createdAt, apiAccessOverride: u.apiAccessOverride, mcpAccessOverride: u.mcpAccessOverride };
}

/** Clamps like list-posts: page ≥ 1; limit 1-100, default 20 (never an error). */
export function clampPage(page?: number | null, limit?: number | null): { page: number; limit: number } {
  const p = Number.isInteger(page) && page! >= 1 ? page! : 1;
  const l = Number.isInteger(limit) ? Math.min(Math.max(limit!, 1), ADMIN_PAGE_MAX_LIMIT) : ADMIN_PAGE_DEFAULT_LIMIT;
  return { page: p, limit: l };
}

/** Account administration for users with isAdmin (dashboard session). */
@Resolver()
@AdminOnly()
export class AdminUsersResolver {
  constructor(private readonly users: UsersService) {}

  // Cost (query-limits.ts): the page's fields, once per user it may hold.
  @Query(() => AdminUserPageModel, { complexity: ({ args, childComplexity }) => 1 + childComplexity * clampPage(args.page, args.limit).limit })
  async adminUsers(
    @Args('page', { type: () => Int, nullable: true }) page?: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number | null,
    @Args('search', { type: () => String, nullable: true, description: 'Part of the email or display name (case-insensitive)' }) search?: string | null,
    @Args('plan', { type: () => String, nullable: true, description: 'Only users on this plan' }) plan?: string | null,
  ): Promise<AdminUserPageModel> {
    const paging = clampPage(page, limit);
    const { items, total } = await this.users.page(paging.page, paging.limit, { search, plan });
    return { items: items.map(toModel), ...paging, total, totalPages: Math.ceil(total / paging.limit) };
  }

  @Mutation(() => AdminUserModel)
  async adminCreateUser(@Args('input', { type: () => AdminCreateUserInput }) input: AdminCreateUserInput): Promise<AdminUserModel> {
    return toModel(await this.users.create(input));
  }

  @Mutation(() => AdminUserModel)
  async adminUpdateUser(
    @Args('id', { type: () => ID }) id: string,
    @Args('input', { type: () => AdminUpdateUserInput }) input: AdminUpdateUserInput,
  ): Promise<AdminUserModel> {
    return toModel(await this.users.update(id, input));
  }
}
