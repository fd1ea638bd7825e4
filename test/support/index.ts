export * from './test-app';
export * from './fakes';
export * from './fixtures/connections';
export * from './fixtures/accounts';
export * from './fixtures/posts';
export * from './refusals';
export * from './app-log';
