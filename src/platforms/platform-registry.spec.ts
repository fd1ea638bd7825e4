import { PLATFORM_NAMES } from '@app/rules';
import { platformEndpointsFromEnv } from './platform-endpoints';
import { PlatformRegistry } from './platform-registry';
import { createAdapters } from './platforms.module';

describe('PlatformRegistry', () => {
  const registry = new PlatformRegistry(createAdapters(platformEndpointsFromEnv({})));

  it('has one adapter for each of the eleven platforms, under its own name', () => {
    for (const name of PLATFORM_NAMES) expect(registry.get(name)?.platform).toBe(name);
  });

  it('knows nothing of other names', () => {
    expect(registry.get('myspace')).toBeUndefined();
    expect(() => registry.require('myspace' as never)).toThrow('No adapter for platform myspace');
  });
});
