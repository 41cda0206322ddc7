import { randomUUID } from 'node:crypto';
import type { CompanyDeps } from '../core/deps';
import { audited } from '../core/audit';
import { runIdempotent, type Outcome } from '../core/idempotency';
import { publicCompany } from '../core/settings';
import { setTenantCompany, tenantTransaction } from '../core/tenant';
import { insertCompany } from '../core/company-repository';
import { addMembership } from '../core/membership-repository';

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
    runIdempotent(
      client,
      { userId: input.userId, key: input.idempotencyKey, route: 'create-company', body: { name } },
      async () => {
        const companyId = randomUUID();
        await setTenantCompany(client, companyId);
        const company = await insertCompany(client, { id: companyId, name, createdBy: input.userId });
        await addMembership(client, companyId, input.userId, 'owner');
        // Billing starts the free trial (if the creator has one left) after this commits.
        await deps.trials.request(client, companyId, input.userId);
        const body = { company: publicCompany(company), role: 'owner' as const };
        return { statusCode: 201, body: audited(body, { companyId, actorUserId: input.userId, details: { name } }) };
      },
    ),
  );
  if (!outcome.replayed) deps.trials.wake();
  return outcome;
}
