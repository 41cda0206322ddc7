import { randomUUID } from 'node:crypto';
import type { CreateChatThreadResponse } from '@tracemap/contracts';
import type { InsightsDeps } from '../deps';
import { inCompany } from '../ingest/tenant-transaction';
import type { CompanyActor } from '../core/company-access';
import { insertThread } from './chat-repository';

/** An empty thread; its first question becomes its title. */
export async function createThread(
  deps: Pick<InsightsDeps, 'db'>,
  actor: CompanyActor,
): Promise<CreateChatThreadResponse> {
  const id = randomUUID();
  await inCompany(deps.db, actor.companyId, (client) =>
    insertThread(client, { id, companyId: actor.companyId, userId: actor.userId, title: '' }),
  );
  return { id };
}
