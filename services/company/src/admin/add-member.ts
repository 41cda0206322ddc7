import { notFound } from '@tracemap/service-kit';
import type { CompanyDeps } from '../core/deps';
import type { Role } from '../core/roles';
import { tenantTransaction } from '../core/tenant';
import { findCompany } from '../core/company-repository';
import { addMembership } from '../core/membership-repository';

/** A product admin puts someone in a company directly; someone already in it keeps their role. */
export async function addMember(deps: CompanyDeps, companyId: string, userId: string, role: Role) {
  return tenantTransaction(deps.db, { companyId }, async (client) => {
    if (!(await findCompany(client, companyId))) throw notFound('Company not found', 'company_not_found');
    return addMembership(client, companyId, userId, role);
  });
}
