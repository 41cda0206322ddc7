export * from './page-routes';
export * from './errors';
export * from './account';
