import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error';

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

/** Global pipe: whitelisted, transformed DTOs; failures answer 400 with one spec message. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => ApiError.badRequest(firstValidationMessage(errors)),
  });
}
