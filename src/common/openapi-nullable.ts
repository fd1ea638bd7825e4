/** The schema of `null` alone in OpenAPI 3.0 (which has no `null` type): `nullable` needs a `type` beside it. */
export const NULL_SCHEMA = { type: 'object', nullable: true, enum: [null] } as const;

/**
 * Makes the document's nullable fields admit null as OpenAPI 3.0.3 reads `nullable` (null is added
 * to the `type` beside it, and to nothing else), in place:
 * - a class-typed property (`@ApiProperty({ type: X, nullable: true })`), which Nest writes as
 *   `{ nullable, type: object, allOf: [{ $ref: X }] }` where the `$ref` still refuses null, becomes
 *   `anyOf: [{ $ref: X }, null]`;
 * - an `enum` of a nullable field lists null too.
 * Validating proxies and generated clients then agree with what the service sends.
 */
export function withNullableFields<T>(document: T): T {
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true) {
      const allOf = schema.allOf;
      if (Array.isArray(allOf) && allOf.length === 1 && typeof (allOf[0] as { $ref?: unknown }).$ref === 'string' && (schema.type ?? 'object') === 'object') {
        delete schema.nullable;
        delete schema.type;
        delete schema.allOf;
        schema.anyOf = [allOf[0], { ...NULL_SCHEMA, enum: [null] }];
      } else if (Array.isArray(schema.enum) && !schema.enum.includes(null)) {
        schema.enum = [...schema.enum, null];
      }
    }
    for (const [key, value] of Object.entries(schema)) if (key !== 'example' && key !== 'examples' && key !== 'default') visit(value);
  };
  visit(document);
  return document;
}
