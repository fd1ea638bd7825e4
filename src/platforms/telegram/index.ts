export * from './telegram.adapter';
