export * from './test-database';
export * from './smtp-peer';
