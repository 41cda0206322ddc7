export * from './test-database';
export * from './smtp-peer';
export * from './browser';
export * from './static-server';
