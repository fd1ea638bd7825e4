import { ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidatorOptions } from 'class-validator';
import { ApiError } from '../api-error';

/**
 * One way to check an input, whatever the transport: REST bodies through the global pipe, MCP tool
 * arguments and GraphQL inputs through `validateInput`, all against the same DTO class and its
 * decorators, which carry the spec's exact messages.
 *
 * Precedence: properties are checked in the order the class declares them, and within a property
 * class-validator applies decorators bottom-up, so the lowest decorator is the first check. The
 * first failing check answers (`stopAtFirstError`).
 */
const VALIDATOR_OPTIONS: ValidatorOptions = { whitelist: true, stopAtFirstError: true };

/** The first constraint message, depth first: DTOs carry the spec's exact texts as messages. */
export function firstValidationMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const own = Object.values(error.constraints ?? {});
    if (own.length) return own[own.length - 1];
    const nested = firstValidationMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'Invalid request';
}

/**
 * `plain` as a validated instance of `dto` (unknown fields dropped, transforms applied), or a 400
 * `ApiError` with the first failing check's message. A non-object counts as an empty object.
 */
export function validateInput<T extends object>(dto: ClassConstructor<T>, plain: unknown): T {
  const source = typeof plain === 'object' && plain !== null && !Array.isArray(plain) ? plain : {};
  const instance = plainToInstance(dto, source);
  const errors = validateSync(instance, VALIDATOR_OPTIONS);
  if (errors.length) throw ApiError.badRequest(firstValidationMessage(errors));
  return instance;
}

/** Global pipe: whitelisted, transformed DTOs; failures answer 400 with one spec message. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...VALIDATOR_OPTIONS,
    transform: true,
    exceptionFactory: (errors) => ApiError.badRequest(firstValidationMessage(errors)),
  });
}
