export * from './types';
export * from './roles';
export * from './company-api';
export { getCurrentUserId } from './access-token';
export {
  COMPANY_OUTAGE_BANNER_ID,
  COMPANY_OUTAGE_MESSAGE,
  companyDataDegraded,
  NO_COMPANY_BANNER_ID,
  NO_COMPANY_MESSAGE,
  applyCompanyPermissions,
  forgetCompanyAccess,
  getCompanyPermissions,
  rememberCompanyAccess,
  setCurrentCompany,
  updateCompanyAccessBanner,
  watchCompanyAccess,
} from './current-company';
export { newIdempotencyKey } from './idempotency-key';
