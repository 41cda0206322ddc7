// The role rules are shared with the pages, which offer only what the service allows.
export {
  COMPANY_ROLES as ROLES,
  hasAccess,
  roleRank as rank,
  type CompanyAccess as Access,
  type CompanyRole as Role,
} from '@tracemap/contracts';
