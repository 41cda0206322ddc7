import { notFound } from '@tracemap/service-kit';
import type { CompanyDeps } from '../core/deps';
import { tenantTransaction } from '../core/tenant';
import { findCompany } from '../core/company-repository';
import { listMemberships } from '../core/membership-repository';

/** One company and its members (user ids and roles), read under that company as tenant. */
export async function getCompanyMembers(deps: CompanyDeps, companyId: string) {
  return tenantTransaction(deps.db, { companyId }, async (client) => {
    const company = await findCompany(client, companyId);
    if (!company) throw notFound('Company not found', 'company_not_found');
    const members = await listMemberships(client, companyId);
    return {
      company: { id: company.id, name: company.name },
      members: members.map((m) => ({ userId: m.userId, role: m.role })),
    };
  });
}
