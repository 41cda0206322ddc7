import type { CompanyRole, CompanySubscription } from '@tracemap/contracts';

export { COMPANY_ROLES, type CompanyPermission, type CompanyRole } from '@tracemap/contracts';


export const NAME_CASES = ['any', 'snake_case', 'camelCase', 'PascalCase', 'Title Case'] as const;
export type NameCase = (typeof NAME_CASES)[number];

export interface CompanySettings {
  attributeInheritance: boolean;
  eventNameCase: NameCase;
  attributeNameCase: NameCase;
  /** Origins whose pages may show the company's map previews in a frame. */
  mapEmbedOrigins?: string[];
}

export interface Company {
  id: string;
  name: string;
  settings: CompanySettings;
}

export interface CompanyMember {
  id: string;
  role: CompanyRole;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export interface ObjectCounts {
  attributeCount: number;
  eventCount: number;
  viewCount: number;
  mapCount: number;
}

/** `POST /api/company/info` (spec §3 "Company info"). */
export interface CompanyInfo {
  role: CompanyRole;
  users: CompanyMember[];
  /** null: no subscription (or the subscription service did not answer). */
  subscription: CompanySubscription | null;
  objectCounts: ObjectCounts;
  attributeInheritance: boolean;
  lastSync: string | null;
  company: Company;
}

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
