import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { PlanName } from '../limits/plans';
import type { MemberRole } from './team-roles';

/** The parts of a user that request handling needs (never the password hash). */
export interface UserSummary {
  id: string;
  email: string;
  /** Managed users' display name (null: show the email). */
  displayName: string | null;
  plan: PlanName;
  isAdmin: boolean;
  parentUserId: string | null;
  workspacesEnabled: boolean;
  /** Effective entitlements: the user's overrides, else the plan's values. */
  apiAccess: boolean;
  mcpAccess: boolean;
  /** Seats bought (paid plans): the connection allowance. */
  seats: number;
}

export type RequestClient = 'api' | 'mcp' | 'dashboard';

/**
 * Who is calling, resolved by the guards (API key + workspace step, or dashboard session) and
 * put on the request. Everything downstream acts as `userId`.
 */
export interface RequestContext {
  /** The acting user: the workspace target when `x-service-user-id` is used, else the owner. */
  userId: string;
  /** The key owner (or the session user). */
  ownerId: string;
  ownerUser: UserSummary;
  /** Whose plan limits apply: the key owner in workspace mode, else the acting user. */
  billingOwnerUser: UserSummary;
  /** The acting user's own summary (same object as ownerUser when not in workspace mode). */
  actingUser: UserSummary;
  /** Prefix of the API key used; null for dashboard sessions. */
  keyPrefix: string | null;
  isWorkspace: boolean;
  client: RequestClient;
  entitlements: { apiAccess: boolean; mcpAccess: boolean };
  /**
   * Set when a dashboard session acts in another user's account as a team member: the person
   * signed in and their role there. `userId`, `ownerUser` and the rest are then the account's.
   */
  member?: TeamMember;
}

export interface TeamMember {
  role: MemberRole;
  /** The person signed in (their own user). */
  user: UserSummary;
}

/** The human (or key owner) behind the request: the member when acting in a team account, else the owner. */
export function personOf(ctx: RequestContext): UserSummary {
  return ctx.member?.user ?? ctx.ownerUser;
}

/** Where the guards leave the context on the (Fastify) request. */
export const REQUEST_CONTEXT = Symbol('requestContext');

export function getRequestContext(request: object): RequestContext | undefined {
  return (request as Record<symbol, RequestContext | undefined>)[REQUEST_CONTEXT];
}

export function setRequestContext(request: object, context: RequestContext): void {
  (request as Record<symbol, RequestContext>)[REQUEST_CONTEXT] = context;
}

/** `@Ctx() ctx: RequestContext` in a controller or resolver handler. */
export const Ctx = createParamDecorator((_data: unknown, execution: ExecutionContext): RequestContext => {
  const request = execution.getType<string>() === 'graphql' ? (execution.getArgs()[2] as { req: object }).req : execution.switchToHttp().getRequest<object>();
  const context = getRequestContext(request);
  if (!context) throw new Error('Request context missing: route is not behind an auth guard');
  return context;
});
