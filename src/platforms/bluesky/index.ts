export * from './bluesky.adapter';
