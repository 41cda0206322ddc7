import type { CompanyPermission } from '@tracemap/contracts';
import { createInternalClient } from '@tracemap/service-kit';

export type { CompanyPermission };

export interface CompanyApiOptions {
  companyUrl: string;
  serviceToken: string;
  timeoutMs: number;
}

export function createCompanyApi(options: CompanyApiOptions) {
  const internal = createInternalClient({ baseUrl: options.companyUrl, timeoutMs: options.timeoutMs, serviceToken: options.serviceToken });
  return {
    async companiesOf(userId: string, requestId?: string): Promise<CompanyPermission[]> {
      const result = await internal<{ companies: CompanyPermission[] }>(`/internal/users/${encodeURIComponent(userId)}/companies`, { requestId });
      return (result?.companies ?? []).map((c) => ({ id: c.id, name: c.name, role: c.role }));
    },
  };
}
export type CompanyApi = ReturnType<typeof createCompanyApi>;
