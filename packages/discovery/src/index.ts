export * from './observed-event';
