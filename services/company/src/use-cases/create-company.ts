import { randomUUID } from 'node:crypto';
import { queueTrialRequest } from '../billing/trial-requests';
import type { CompanyDeps } from '../deps';
import { runIdempotent, type Outcome } from '../lib/idempotency';
import { publicCompany } from '../lib/settings';
import { setTenantCompany, tenantTransaction } from '../lib/tenant';
import { recordAudit } from '../repositories/audit-log-repository';
import { insertCompany } from '../repositories/company-repository';
import { addMembership } from '../repositories/membership-repository';

export interface CreateCompanyInput {
  userId: string;
  name: string;
  idempotencyKey?: string;
}

export type CreatedCompany = { company: ReturnType<typeof publicCompany>; role: 'owner' };

/** The creator becomes the company's first owner. */
export async function createCompany(deps: CompanyDeps, input: CreateCompanyInput): Promise<Outcome<CreatedCompany>> {
  const name = input.name.trim();
  const outcome = await tenantTransaction(deps.db, { userId: input.userId }, (client) =>
    runIdempotent(client, { userId: input.userId, key: input.idempotencyKey, route: 'create-company', body: { name } }, async () => {
      const companyId = randomUUID();
      await setTenantCompany(client, companyId);
      const company = await insertCompany(client, { id: companyId, name, createdBy: input.userId });
      await addMembership(client, companyId, input.userId, 'owner');
      await recordAudit(client, { companyId, actorUserId: input.userId, action: 'company.created', details: { name } });
      // Billing starts the free trial (if the creator has one left) after this commits.
      await queueTrialRequest(client, companyId, input.userId);
      return { statusCode: 201, body: { company: publicCompany(company), role: 'owner' as const } };
    }),
  );
  if (!outcome.replayed) deps.wakeTrials();
  return outcome;
}
