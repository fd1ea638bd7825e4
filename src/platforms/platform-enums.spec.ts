import { PLATFORM_NAMES } from '@app/rules';
import { withPlatformNames } from './platform-enums';

describe('withPlatformNames', () => {
  const doc = () => ({
    paths: { '/list': { get: { parameters: [{ name: 'platform', schema: { type: 'string', enum: [...PLATFORM_NAMES] } }] } } },
    components: {
      schemas: { Usage: { properties: { platforms: { type: 'array', items: { enum: [...PLATFORM_NAMES] } } } }, Status: { enum: ['draft', 'scheduled'] } },
    },
  });

  it("replaces every list of the spec's eleven with the platforms there are, and nothing else", () => {
    const names = [...PLATFORM_NAMES, 'discord'];
    const patched = withPlatformNames(doc(), names);
    expect(patched.paths['/list'].get.parameters[0].schema.enum).toEqual(names);
    expect(patched.components.schemas.Usage.properties.platforms.items.enum).toEqual(names);
    expect(patched.components.schemas.Status.enum).toEqual(['draft', 'scheduled']);
  });

  it('leaves the document as it is without plugins', () => {
    expect(withPlatformNames(doc(), PLATFORM_NAMES)).toEqual(doc());
  });
});
