export * from './plan-snapshot';
