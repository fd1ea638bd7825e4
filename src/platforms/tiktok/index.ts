export * from './tiktok.adapter';
