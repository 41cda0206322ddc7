/** Company roles from the highest to the lowest (spec §6; viewer is the lower role). */
export const COMPANY_ROLES = ['owner', 'admin', 'creator', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** One entry of the user's `companyPermissions` (spec §3). */
export interface CompanyPermission {
  id: string;
  name: string;
  role: CompanyRole;
}

/** `GET /api/account/sync`: the User of spec §3 plus the names the account page shows. */
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
}
