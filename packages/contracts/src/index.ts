export * from './page-routes';
export * from './errors';
export * from './account';
export * from './name-cases';
export * from './company-settings';
export * from './tracking-plan';
