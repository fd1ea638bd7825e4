import { PLATFORM_NAMES } from '@app/rules';
import type { ConnectProvider } from '../connect/providers/connect-provider';
import type { PlatformAdapter } from '../platforms/platform-adapter';
import { PlatformRegistry } from '../platforms/platform-registry';
import { pluginProblem, type PlatformPlugin } from './platform-plugin';

const plugin = (name: string, connectsAs = name): PlatformPlugin => ({
  adapter: { platform: name } as PlatformAdapter,
  connect: { platform: connectsAs } as ConnectProvider,
});

describe('pluginProblem', () => {
  it('accepts new lower-case names whose adapter and connect provider agree', () => {
    expect(pluginProblem([plugin('discord'), plugin('matrix2')], PLATFORM_NAMES)).toBeNull();
  });

  it('refuses a taken name, a badly formed one, and a connect provider of another platform', () => {
    expect(pluginProblem([plugin('twitter')], PLATFORM_NAMES)).toBe('Platform plugin "twitter" is already a platform');
    expect(pluginProblem([plugin('discord'), plugin('discord')], PLATFORM_NAMES)).toBe('Platform plugin "discord" is already a platform');
    expect(pluginProblem([plugin('Discord')], PLATFORM_NAMES)).toMatch(/^Platform plugin name "Discord" must be/);
    expect(pluginProblem([plugin('dis-cord')], PLATFORM_NAMES)).toMatch(/^Platform plugin name "dis-cord" must be/);
    expect(pluginProblem([plugin('discord', 'slack')], PLATFORM_NAMES)).toBe('Platform plugin "discord": its connect provider is for "slack"');
  });
});

describe('PlatformRegistry', () => {
  it("lists the spec's eleven in the spec's order, then plugins in registration order", () => {
    const adapters = [...[...PLATFORM_NAMES].reverse(), 'zulip', 'discord'].map((platform) => ({ platform }) as PlatformAdapter);
    const registry = new PlatformRegistry(adapters);
    expect(registry.names()).toEqual([...PLATFORM_NAMES, 'zulip', 'discord']);
    expect(registry.has('discord')).toBe(true);
    expect(registry.has('myspace')).toBe(false);
    expect(registry.require('zulip').platform).toBe('zulip');
  });
});
