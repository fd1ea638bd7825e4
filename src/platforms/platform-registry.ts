import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_NAMES, type PlatformName } from '@app/rules';
import type { PlatformAdapter } from './platform-adapter';

export const PLATFORM_ADAPTERS = Symbol('PLATFORM_ADAPTERS');
/** The adapters of an embedding app's platform plugins (possibly none), checked by ExtensionsModule. */
export const PLUGIN_ADAPTERS = Symbol('PLUGIN_ADAPTERS');

/**
 * The adapters by platform name: the spec's eleven, then the embedding app's plugins in the order
 * it registered them. Publishing, test-connection, token upkeep, validation of platform names and
 * every list of platforms ask here, so a plugin's platform is known everywhere at once.
 */
@Injectable()
export class PlatformRegistry {
  private readonly byName: Map<string, PlatformAdapter>;
  private readonly allNames: readonly string[];

  constructor(@Inject(PLATFORM_ADAPTERS) adapters: PlatformAdapter[]) {
    this.byName = new Map(adapters.map((a) => [a.platform, a]));
    const builtIn = PLATFORM_NAMES.filter((p) => this.byName.has(p));
    this.allNames = [...builtIn, ...adapters.map((a) => a.platform).filter((p) => !(PLATFORM_NAMES as readonly string[]).includes(p))];
  }

  /** Every platform name, the spec's eleven first (in the spec's order). */
  names(): readonly string[] {
    return this.allNames;
  }

  has(platform: string): boolean {
    return this.byName.has(platform);
  }

  get(platform: string): PlatformAdapter | undefined {
    return this.byName.get(platform);
  }

  require(platform: PlatformName | string): PlatformAdapter {
    const adapter = this.byName.get(platform);
    if (!adapter) throw new Error(`No adapter for platform ${platform}`);
    return adapter;
  }
}
