export * from './page-routes';
export * from './errors';
export * from './account';
export * from './name-cases';
export * from './company-settings';
export * from './subscription-status';
export * from './subscription';
export * from './tracking-plan';
