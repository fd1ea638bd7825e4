import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.service';
import type { Environment } from '../config/environment';
import { BlueskyAdapter } from './bluesky';
import { FacebookAdapter } from './facebook';
import { InstagramAdapter } from './instagram';
import { LinkedInAdapter } from './linkedin';
import { MastodonAdapter } from './mastodon';
import type { PlatformAdapter } from './platform-adapter';
import { PinterestAdapter } from './pinterest';
import { TelegramAdapter } from './telegram';
import { ThreadsAdapter } from './threads';
import { TikTokAdapter } from './tiktok';
import { TwitterAdapter } from './twitter';
import { YouTubeAdapter } from './youtube';
import { platformEndpointsFrom, type PlatformEndpoints } from './platform-endpoints';
import { PLATFORM_ADAPTERS, PLUGIN_ADAPTERS, PlatformRegistry } from './platform-registry';

export const PLATFORM_ENDPOINTS = Symbol('PLATFORM_ENDPOINTS');

/** Every adapter, constructed once with the configured endpoints. */
export function createAdapters(endpoints: PlatformEndpoints): PlatformAdapter[] {
  return [
    new TwitterAdapter(endpoints),
    new LinkedInAdapter(endpoints),
    new InstagramAdapter(endpoints),
    new ThreadsAdapter(endpoints),
    new TikTokAdapter(endpoints),
    new YouTubeAdapter(endpoints),
    new FacebookAdapter(endpoints),
    new BlueskyAdapter(endpoints),
    new MastodonAdapter(endpoints),
    new TelegramAdapter(endpoints),
    new PinterestAdapter(endpoints),
  ];
}

@Module({
  providers: [
    {
      provide: PLATFORM_ENDPOINTS,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => platformEndpointsFrom(config.env as Environment & Record<string, unknown>),
    },
    {
      provide: PLATFORM_ADAPTERS,
      inject: [PLATFORM_ENDPOINTS, PLUGIN_ADAPTERS],
      useFactory: (endpoints: PlatformEndpoints, plugins: PlatformAdapter[]): PlatformAdapter[] => [...createAdapters(endpoints), ...plugins],
    },
    PlatformRegistry,
  ],
  exports: [PlatformRegistry, PLATFORM_ENDPOINTS],
})
export class PlatformsModule {}
