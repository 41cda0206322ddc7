export * from './observed-event';
export * from './formats';
export * from './profile';
