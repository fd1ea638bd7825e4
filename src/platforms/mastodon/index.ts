export * from './mastodon.adapter';
