export * from './page-routes';
export * from './errors';
