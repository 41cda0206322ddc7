export * from './plan-snapshot';
export * from './findings';
