export * from './graph.client';
export * from './graph.containers';
export * from './graph.errors';
export * from './graph.tokens';
