/** Company roles from the highest to the lowest (viewer is the lower role). */
export const COMPANY_ROLES = ['owner', 'admin', 'creator', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** One entry of the user's `companyPermissions`. */
export interface CompanyPermission {
  id: string;
  name: string;
  role: CompanyRole;
}

/**
 * Parts of a sync answer that may come from a fallback because the service that owns them
 * did not answer: `companyPermissions` (company service down: the user's last known list, or
 * an empty one if none is known) and `email` (auth down: email and confirmation as last stored).
 */
export const ACCOUNT_DEGRADED_PARTS = ['companyPermissions', 'email'] as const;
export type AccountDegradedPart = (typeof ACCOUNT_DEGRADED_PARTS)[number];

/** `GET /api/account/sync`: the user record plus the names the account page shows. */
export interface AccountUser {
  id: string;
  email: string;
  emailConfirmed: boolean;
  trialUsed: boolean;
  anamap_admin: boolean;
  passwordResetRequired: boolean;
  companyPermissions: CompanyPermission[];
  firstName: string;
  lastName: string;
  /**
   * Present only when part of the answer is a fallback: those parts must not be read as
   * facts (an empty companyPermissions here does not mean "no company"). Clients retry.
   */
  degraded?: AccountDegradedPart[];
}
