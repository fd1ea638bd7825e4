import { PLATFORM_NAMES } from '@app/rules';

const isBuiltInList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length === PLATFORM_NAMES.length && value.every((v, i) => v === PLATFORM_NAMES[i]);

/**
 * Gives every `enum` of an OpenAPI document that lists the spec's eleven platforms (written when
 * the code is, by the DTOs' decorators) the platforms there are, plugins' included. In place.
 */
export function withPlatformNames<T>(document: T, names: readonly string[]): T {
  if (names.length === PLATFORM_NAMES.length) return document;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (isBuiltInList(record.enum)) record.enum = [...names];
    Object.values(record).forEach(visit);
  };
  visit(document);
  return document;
}
