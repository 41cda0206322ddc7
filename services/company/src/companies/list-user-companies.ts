import type { CompanyDeps } from '../core/deps';
import { tenantTransaction } from '../core/tenant';
import { listCompaniesOfUser } from '../core/company-repository';

/** A user's companies with their role, for "my companies" and for account's sync. */
export async function listUserCompanies(deps: CompanyDeps, userId: string) {
  const companies = await tenantTransaction(deps.db, { userId }, (client) => listCompaniesOfUser(client, userId));
  return { companies };
}
