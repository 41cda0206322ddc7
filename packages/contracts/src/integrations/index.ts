export * from './slack';
export * from './notifications';
export * from './destinations';
export * from './destination-routes';
