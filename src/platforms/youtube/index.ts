export * from './youtube.adapter';
