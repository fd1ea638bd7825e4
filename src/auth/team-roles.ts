import { SetMetadata } from '@nestjs/common';

/** What a member may do in an account they belong to; the owner can do everything. */
export const MEMBER_ROLES = ['admin', 'editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
/** A role an operation may require: a member role, or `owner` (the account's own user only). */
export type RequiredRole = MemberRole | 'owner';

const RANK: Record<RequiredRole, number> = { viewer: 1, editor: 2, admin: 3, owner: 4 };

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
}

/** True when `role` (a member's, or `owner`) is at least `required`. */
export function roleAllows(role: RequiredRole, required: RequiredRole): boolean {
  return RANK[role] >= RANK[required];
}

export const TEAM_ROLE_METADATA = 'teams:requiredRole';

/**
 * The least role a member needs for this operation. Without it, reads need `viewer` and writes
 * `admin` (a GraphQL mutation, a REST method other than GET/HEAD), so a new operation is closed to
 * editors and viewers until someone decides otherwise.
 */
export const RequiresRole = (role: RequiredRole | 'self') => SetMetadata(TEAM_ROLE_METADATA, role);

/** The person's own settings (profile, password, sessions): any member, acting on themself. */
export const PersonalAction = () => RequiresRole('self');

/** The role an operation requires of a member: its annotation, else the default of its kind. */
export function requiredRoleOf(annotated: RequiredRole | 'self' | undefined, kind: 'read' | 'write'): RequiredRole | 'self' {
  return annotated ?? (kind === 'read' ? 'viewer' : 'admin');
}

export const TeamRoleMessages = {
  forbidden: (role: MemberRole, required: RequiredRole) =>
    required === 'owner'
      ? `Only the account owner can do this; your role in this account is ${role}`
      : `Your role in this account (${role}) cannot do this: it needs the ${required} role or the owner`,
};
