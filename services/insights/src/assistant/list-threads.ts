import type { ChatThreadList } from '@tracemap/contracts';
import type { InsightsDeps } from '../deps';
import { inCompany } from '../ingest/tenant-transaction';
import type { CompanyActor } from '../core/company-access';
import { listThreads as readThreads } from './chat-repository';

export async function listThreads(deps: Pick<InsightsDeps, 'db'>, actor: CompanyActor): Promise<ChatThreadList> {
  const items = await inCompany(deps.db, actor.companyId, (client) => readThreads(client, actor.userId));
  return { items };
}
