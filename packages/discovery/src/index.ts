export * from './observed-event';
export * from './formats';
export * from './profile';
export * from './example-traffic';
export * from './matching';
export * from './findings';
