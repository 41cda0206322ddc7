import type { CheckedCall } from './auth/internal-client';
import { AdminCompanyListResponse } from './admin';
import { ProcessAboutResponse } from './auth/internal';
import { CreatedCompanyResponse, MyCompaniesResponse } from './company';
import { CompanyInfoResponse } from './company-info';
import {
  AddedMemberAnswer,
  BillingContactsAnswer,
  CompanyCountsAnswer,
  CompanyMembersAnswer,
  MemberRoleAnswer,
  SubscriptionChangedAnswer,
  type CompanyAdminCreateInput,
  type CompanyAdminMemberInput,
} from './company-internal';
import { AssistantIntakeAnswer, type AssistantIntakeBody } from './assistant/draft-apply';
import { DiscoveryIntakeAnswer, type DiscoveryIntakeBody } from './insights/triage';
import { MapFrameAncestorsSchema } from './tracking-plan/map-share';

const segment = encodeURIComponent;
const company = (companyId: string) => `/internal/companies/${segment(companyId)}`;
const adminCompany = (companyId: string) => `/internal/admin/companies/${segment(companyId)}`;

/** The company service's `/internal/*` routes, for the services that call them (account, subscription, the gateway). */
export function companyInternalClient(call: CheckedCall) {
  return {
    /** The origins a map's company lets frame its preview page (the gateway asks). */
    frameAncestors: (mapId: string, requestId?: string) =>
      call(`/internal/maps/${segment(mapId)}/frame-ancestors`, { requestId, answer: MapFrameAncestorsSchema }),
    companiesOf: (userId: string, requestId?: string) =>
      call(`/internal/users/${segment(userId)}/companies`, { requestId, answer: MyCompaniesResponse }),
    memberRole: (companyId: string, userId: string, requestId?: string) =>
      call(`${company(companyId)}/members/${segment(userId)}`, { requestId, answer: MemberRoleAnswer }),
    companyInfo: (companyId: string, userId: string, requestId?: string) =>
      call(`${company(companyId)}/info`, { method: 'POST', body: { userId }, requestId, answer: CompanyInfoResponse }),
    billingContacts: (companyId: string, requestId?: string) =>
      call(`${company(companyId)}/billing-contacts`, { requestId, answer: BillingContactsAnswer }),
    subscriptionChanged: (companyId: string, requestId?: string) =>
      call(`${company(companyId)}/subscription-changed`, {
        method: 'POST',
        body: {},
        requestId,
        answer: SubscriptionChangedAnswer,
      }),
    searchCompanies: (q: string, limit: number, requestId?: string) =>
      call(`/internal/admin/companies?${new URLSearchParams({ q, limit: String(limit) })}`, {
        requestId,
        answer: AdminCompanyListResponse,
      }),
    countCompanies: (requestId?: string) =>
      call('/internal/admin/companies/stats', { requestId, answer: CompanyCountsAnswer }),
    about: (requestId?: string) => call('/internal/admin/about', { requestId, answer: ProcessAboutResponse }),
    members: (companyId: string, requestId?: string) =>
      call(adminCompany(companyId), { requestId, answer: CompanyMembersAnswer }),
    createCompany: (body: CompanyAdminCreateInput, requestId?: string) =>
      call('/internal/admin/companies', { method: 'POST', body, requestId, answer: CreatedCompanyResponse }),
    addMember: (companyId: string, body: CompanyAdminMemberInput, requestId?: string) =>
      call(`${adminCompany(companyId)}/members`, { method: 'POST', body, requestId, answer: AddedMemberAnswer }),
    /** Discovery's changes to the plan (insights), written by the company's own use cases on the editor's behalf. */
    discoveryIntake: (companyId: string, body: DiscoveryIntakeBody, requestId?: string) =>
      call(`${company(companyId)}/discovery-intake`, {
        method: 'POST',
        body,
        requestId,
        answer: DiscoveryIntakeAnswer,
      }),
    /** A change the assistant drafted, applied into its draft proposal for the editor who clicked. */
    assistantIntake: (companyId: string, body: AssistantIntakeBody, requestId?: string) =>
      call(`${company(companyId)}/assistant-intake`, {
        method: 'POST',
        body,
        requestId,
        answer: AssistantIntakeAnswer,
      }),
  };
}
export type CompanyInternalClient = ReturnType<typeof companyInternalClient>;
