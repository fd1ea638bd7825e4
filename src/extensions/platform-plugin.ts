import type { ConnectProvider } from '../connect/providers/connect-provider';
import type { PlatformAdapter } from '../platforms/platform-adapter';
import { PLATFORM_NAME_PATTERN } from '@app/rules';

/**
 * A platform beside the spec's eleven: how it publishes (its adapter: content rules, publish,
 * validate, refresh) and how an account of it is connected (its connect provider). Both name the
 * same platform; the name must be new, lower-case letters and digits.
 */
export interface PlatformPlugin {
  readonly adapter: PlatformAdapter;
  readonly connect: ConnectProvider;
}

/** Why a set of plugins cannot be used beside the built-in platforms, or null. */
export function pluginProblem(plugins: readonly PlatformPlugin[], builtIn: readonly string[]): string | null {
  const seen = new Set(builtIn);
  for (const { adapter, connect } of plugins) {
    const name = adapter.platform;
    if (!PLATFORM_NAME_PATTERN.test(name)) return `Platform plugin name "${name}" must be 2–31 lower-case letters and digits, starting with a letter`;
    if (seen.has(name)) return `Platform plugin "${name}" is already a platform`;
    if (connect.platform !== name) return `Platform plugin "${name}": its connect provider is for "${connect.platform}"`;
    seen.add(name);
  }
  return null;
}
