import type { CompanyDeps } from '../deps';
import { tenantTransaction } from '../lib/tenant';
import { listCompaniesOfUser } from '../repositories/company-repository';

/** A user's companies with their role, for "my companies" and for account's sync. */
export async function listUserCompanies(deps: CompanyDeps, userId: string) {
  const companies = await tenantTransaction(deps.db, { userId }, (client) => listCompaniesOfUser(client, userId));
  return { companies };
}
