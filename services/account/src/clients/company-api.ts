import { companyInternalClient, type CompanyPermission } from '@tracemap/contracts';
import type { InternalClient } from '@tracemap/service-kit';

export type { CompanyPermission };

export function createCompanyApi(internal: InternalClient) {
  const company = companyInternalClient(internal);
  return {
    async companiesOf(userId: string, requestId?: string): Promise<CompanyPermission[]> {
      const result = await company.companiesOf(userId, requestId);
      return result.companies.map((c) => ({ id: c.id, name: c.name, role: c.role }));
    },
  };
}
export type CompanyApi = ReturnType<typeof createCompanyApi>;
