export * from './pinterest.adapter';
