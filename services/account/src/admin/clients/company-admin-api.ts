import { companyInternalClient, type CompanyAdminCreateInput, type CompanyAdminMemberInput } from '@tracemap/contracts';
import type { InternalClient } from '@tracemap/service-kit';
import { outboxClient } from './auth-admin-api';

/** The company service's internal routes for the product-admin area, answers checked against company's contracts. */
export function createCompanyAdminApi(call: InternalClient) {
  const company = companyInternalClient(call);
  return {
    search: (q: string, limit: number, requestId: string) => company.searchCompanies(q, limit, requestId),
    about: (requestId: string) => company.about(requestId),
    count: (requestId: string) => company.countCompanies(requestId),
    members: (companyId: string, requestId: string) => company.members(companyId, requestId),
    create: (body: CompanyAdminCreateInput, requestId: string) => company.createCompany(body, requestId),
    addMember: (companyId: string, body: CompanyAdminMemberInput, requestId: string) =>
      company.addMember(companyId, body, requestId),
    outbox: outboxClient(call),
  };
}
export type CompanyAdminApi = ReturnType<typeof createCompanyAdminApi>;
