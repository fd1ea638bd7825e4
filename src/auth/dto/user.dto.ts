import { OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsOptional, MaxLength } from 'class-validator';
import type { PlanName } from '../../limits/plans';
import { AuthMessages } from '../auth.errors';
import { EmailRules, PasswordRules, PlanRules, SeatsRules } from './user-field.rules';

/**
 * UsersService's inputs, checked there with `validateInput` because several callers share them
 * (sign-up, the admin's GraphQL mutations, managed users, the start-up accounts). The rules that
 * need the database (the parent exists, the email is free) run in the service after these.
 */

/** A new account. Order: email, password, plan, seats. */
export class CreateUserDto {
  @EmailRules() email: string;
  @PasswordRules() password: string;
  @Allow() displayName?: string | null;
  @PlanRules() plan?: PlanName | null;
  @Allow() isAdmin?: boolean | null;
  @Allow() parentUserId?: string | null;
  @Allow() workspacesEnabled?: boolean | null;
  @SeatsRules() seats?: number | null;
  /** Entitlement overrides; null/undefined = the plan's value. */
  @Allow() apiAccess?: boolean | null;
  @Allow() mcpAccess?: boolean | null;
}

/** Admin changes: the same fields but email, password and name; for parentUserId, null clears the parent and undefined leaves it. Order: plan, seats. */
export class UpdateUserDto extends OmitType(CreateUserDto, ['email', 'password', 'displayName'] as const) {}

/** A new password (the dashboard's change of password). */
export class NewPasswordDto {
  @PasswordRules() password: string;
}

/** The admin list's filter: part of the email or name (trimmed, at most 100 characters), a plan ('' is none). */
export class AdminUsersFilterDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined)))
  @IsOptional()
  @MaxLength(100, { message: AuthMessages.searchTooLong })
  search?: string;

  @Transform(({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value))
  @PlanRules()
  plan?: PlanName;
}
