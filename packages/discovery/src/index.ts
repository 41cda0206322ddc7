export * from './observed-event';
export * from './formats';
