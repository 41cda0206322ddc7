import type { CompanyInfoAnswer, CompanyRole, NameCase } from '@tracemap/contracts';

export { COMPANY_ROLES, type CompanyPermission, type CompanyRole } from '@tracemap/contracts';

export { NAME_CASES, type NameCase } from '@tracemap/contracts';

/** `POST /api/company/info`: the company as one member sees it (the contract's type). */
export type CompanyInfo = CompanyInfoAnswer;
export type Company = CompanyInfo['company'];
export type CompanySettings = Company['settings'];
export type CompanyMember = CompanyInfo['users'][number];
export type ObjectCounts = CompanyInfo['objectCounts'];

// Invitations as the company service answers them: the contract's types, written once.
export type { InvitationStatus, Invitation, InvitationDetails, InviteInput } from '@tracemap/contracts';

export interface SettingsInput {
  companyId: string;
  name?: string;
  attributeInheritance?: boolean;
  eventNameCase?: NameCase;
  attributeNameCase?: NameCase;
  mapEmbedOrigins?: string[];
}

/** What joining a company answers (claim and accept). */
export interface JoinedCompany {
  companyId: string;
  role: CompanyRole;
}
