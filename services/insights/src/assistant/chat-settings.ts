import type { ChatSettings, ChatUsage } from '@tracemap/contracts';
import type { InsightsDeps } from '../deps';
import { inCompany } from '../ingest/tenant-transaction';
import type { CompanyActor } from '../core/company-access';
import { readEnabled, usageByDay, writeEnabled } from './chat-repository';

const USAGE_DAYS = 30;

/** An admin switches the company's assistant on or off; questions asked while off are refused. */
export async function setAssistantEnabled(
  deps: Pick<InsightsDeps, 'db'>,
  actor: CompanyActor,
  enabled: boolean,
): Promise<ChatSettings> {
  await inCompany(deps.db, actor.companyId, (client) => writeEnabled(client, actor.companyId, enabled, actor.userId));
  return { enabled };
}

/** Whether the assistant is on, and questions and threads per day over the last 30 days. */
export async function getAssistantUsage(deps: Pick<InsightsDeps, 'db'>, actor: CompanyActor): Promise<ChatUsage> {
  return inCompany(deps.db, actor.companyId, async (client) => ({
    enabled: await readEnabled(client),
    days: await usageByDay(client, USAGE_DAYS),
  }));
}
