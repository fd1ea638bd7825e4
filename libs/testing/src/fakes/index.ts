export * from './fake-platform-server';
export * from './multipart';
