export * from './slack';
export * from './notifications';
