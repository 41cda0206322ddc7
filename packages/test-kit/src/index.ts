export * from './test-database';
export * from './smtp-peer';
export * from './browser';
export * from './static-server';
export * from './wait-for';
export * from './access-tokens';
export * from './load/run-load';
export * from './integrations-peer';
