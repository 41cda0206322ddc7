import type { AdminCompanySummary, CompanyRole } from '@tracemap/contracts';
import type { InternalClient } from '@tracemap/service-kit';
import { outboxClient, type ProcessAbout } from './auth-admin-api';

/** The company service's internal routes for the product-admin area. */
export function createCompanyAdminApi(call: InternalClient) {
  return {
    search: (q: string, limit: number, requestId: string) =>
      call<{ companies: AdminCompanySummary[] }>(
        `/internal/admin/companies?${new URLSearchParams({ q, limit: String(limit) })}`,
        { requestId },
      ),
    about: (requestId: string) => call<ProcessAbout>('/internal/admin/about', { requestId }),
    count: (requestId: string) =>
      call<{ total: number; newThisWeek: number }>('/internal/admin/companies/stats', { requestId }),
    members: (companyId: string, requestId: string) =>
      call<{ company: { id: string; name: string }; members: Array<{ userId: string; role: string }> }>(
        `/internal/admin/companies/${encodeURIComponent(companyId)}`,
        { requestId },
      ),
    create: (body: { name: string; ownerUserId: string; idempotencyKey?: string }, requestId: string) =>
      call<{ company: { id: string; name: string } }>('/internal/admin/companies', { method: 'POST', body, requestId }),
    addMember: (companyId: string, body: { userId: string; role: CompanyRole }, requestId: string) =>
      call<{ role: string; created: boolean }>(`/internal/admin/companies/${encodeURIComponent(companyId)}/members`, {
        method: 'POST',
        body,
        requestId,
      }),
    outbox: outboxClient(call),
  };
}
export type CompanyAdminApi = ReturnType<typeof createCompanyAdminApi>;
