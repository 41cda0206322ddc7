export * from './admin-api';
