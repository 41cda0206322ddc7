export * from './support-api';
