import type { CompanyInfoDegradedPart } from '@tracemap/contracts';
import type { SubscriptionSummary } from './peers';
import type { Role } from './roles';
import type { publicCompany } from './settings';

export interface CompanyUser {
  id: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** The part of company info that is the same for every member, cached per company. */
export interface SharedCompanyInfo {
  users: CompanyUser[];
  subscription: SubscriptionSummary | null;
  objectCounts: { attributeCount: number; eventCount: number; viewCount: number; mapCount: number };
  attributeInheritance: boolean;
  lastSync: string | null;
  company: ReturnType<typeof publicCompany>;
  /** Parts answered with a fallback because a peer did not answer; such an answer is not kept. */
  degraded?: CompanyInfoDegradedPart[];
}
