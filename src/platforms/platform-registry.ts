import { Inject, Injectable } from '@nestjs/common';
import type { PlatformName } from '@app/rules';
import type { PlatformAdapter } from './platform-adapter';

export const PLATFORM_ADAPTERS = Symbol('PLATFORM_ADAPTERS');

/** The adapters by platform name: publishing, test-connection and token upkeep look them up here. */
@Injectable()
export class PlatformRegistry {
  private readonly byName: Map<string, PlatformAdapter>;

  constructor(@Inject(PLATFORM_ADAPTERS) adapters: PlatformAdapter[]) {
    this.byName = new Map(adapters.map((a) => [a.platform, a]));
  }

  get(platform: string): PlatformAdapter | undefined {
    return this.byName.get(platform);
  }

  require(platform: PlatformName): PlatformAdapter {
    const adapter = this.byName.get(platform);
    if (!adapter) throw new Error(`No adapter for platform ${platform}`);
    return adapter;
  }
}
