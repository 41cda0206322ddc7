export * from './responses';
export * from './requests';
export * from './internal';
export * from './internal-client';
