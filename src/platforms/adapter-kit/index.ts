export * from './steps';
export * from './polling';
export * from './media-bytes';
export * from './content-checks';
export * from './http-failure';
export * from './oauth-refresh';
export * from './validation';
export * from './adapter-base';
