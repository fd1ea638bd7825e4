import { NULL_SCHEMA, withNullableFields } from './openapi-nullable';

describe('withNullableFields', () => {
  it("rewrites Nest's nullable class-typed property as the class or null, keeping its description", () => {
    const document = {
      components: {
        schemas: {
          A: { properties: { lastError: { nullable: true, type: 'object', description: 'd', allOf: [{ $ref: '#/components/schemas/E' }] } } },
        },
      },
    };
    withNullableFields(document);
    expect(document.components.schemas.A.properties.lastError).toEqual({ description: 'd', anyOf: [{ $ref: '#/components/schemas/E' }, NULL_SCHEMA] });
  });

  it('lists null in the enum of a nullable field, once', () => {
    const status = { type: 'string', nullable: true, enum: ['draft', 'scheduled'] };
    const done = { type: 'string', nullable: true, enum: ['a', null] };
    withNullableFields({ status, done });
    expect(status.enum).toEqual(['draft', 'scheduled', null]);
    expect(done.enum).toEqual(['a', null]);
  });

  it('leaves other schemas and examples as they are', () => {
    const document = { s: { type: 'string', nullable: true }, o: { allOf: [{ $ref: '#/x' }] }, example: { nullable: true, enum: ['x'] } };
    const before = structuredClone(document);
    expect(withNullableFields(document)).toEqual(before);
  });
});
