import { isAcceptablePassword } from '@app/rules';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, Min } from 'class-validator';
import { FieldRule, WhenPresent } from '../../common/validation/field-rules';
import { PLAN_NAMES } from '../../limits/plans';
import { AuthMessages } from '../auth.errors';

/**
 * The account fields' checks, shared by sign-up, the admin's user mutations, managed users
 * (UsersService.create) and the dashboard's profile. Inside `applyDecorators` the checks run in
 * the order listed.
 */

const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const MAX_EMAIL_LENGTH = 254;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An email address, returned trimmed and lower-cased. */
export const EmailRules = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeEmail(value) : value)),
    FieldRule('isEmail', (v) => typeof v === 'string' && v.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(v), AuthMessages.invalidEmail),
  );

/** 8 to 128 characters (the rule the dashboard checks too). */
export const PasswordRules = (): PropertyDecorator => FieldRule('isPassword', isAcceptablePassword, AuthMessages.invalidPassword);

/** A plan name when given (null and absent are not; '' is, and is refused). */
export const PlanRules = (): PropertyDecorator => applyDecorators(WhenPresent(), IsIn(PLAN_NAMES, { message: AuthMessages.invalidPlan }));

/** Connection seats when given: a whole number, at least 0. */
export const SeatsRules = (): PropertyDecorator =>
  applyDecorators(WhenPresent(), IsInt({ message: AuthMessages.invalidSeats }), Min(0, { message: AuthMessages.invalidSeats }));
