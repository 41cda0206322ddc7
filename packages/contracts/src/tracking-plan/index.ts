export * from './vocabulary';
export * from './model';
export * from './api';
export * from './native';
export * from './map';
export * from './map-share';
export * from './codegen';
