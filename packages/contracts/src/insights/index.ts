export * from './plan-snapshot';
export * from './findings';
export * from './discovery-api';
export * from './plan-snapshot-client';
export * from './example-traffic';
export * from './sources';
export * from './pulls';
