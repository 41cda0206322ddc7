import type { CompanyInfoAnswer, CompanyRole, NameCase } from '@tracemap/contracts';

export { COMPANY_ROLES, type CompanyPermission, type CompanyRole } from '@tracemap/contracts';

export { NAME_CASES, type NameCase } from '@tracemap/contracts';

/** `POST /api/company/info`: the company as one member sees it (the contract's type). */
export type CompanyInfo = CompanyInfoAnswer;
export type Company = CompanyInfo['company'];
export type CompanySettings = Company['settings'];
export type CompanyMember = CompanyInfo['users'][number];
export type ObjectCounts = CompanyInfo['objectCounts'];

export type InvitationStatus = 'pending' | 'expired' | 'accepted' | 'revoked';

/** An invitation as the company's admins see it. */
export interface Invitation {
  invitationId: string;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: CompanyRole;
  status: InvitationStatus;
  invitedBy: string | null;
  expiresAt: string;
  lastSentAt: string;
  createdAt: string;
}

/** `GET /api/company/invite`: what the invitee sees. */
export interface InvitationDetails {
  invitationId: string;
  companyId: string;
  companyName: string | null;
  inviterName: string | null;
  email: string;
  firstName: string;
  lastName: string;
  role: CompanyRole;
  status: 'pending';
  expiresAt: string;
}

export interface InviteInput {
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: CompanyRole;
}

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
