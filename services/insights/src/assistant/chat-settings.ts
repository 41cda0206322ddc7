import type { ChatSettings, ChatSettingsBody, ChatUsage } from '@tracemap/contracts';
import type { InsightsDeps } from '../deps';
import { inCompany } from '../ingest/tenant-transaction';
import type { CompanyActor } from '../core/company-access';
import { readEnabled, usageByDay, writeEnabled } from './chat-repository';
import { readGlossary, writeGlossary } from './model/model-repository';

const USAGE_DAYS = 30;

/**
 * An admin switches the company's assistant on or off (questions asked while off are refused)
 * or sets the glossary a connected model always reads; what the body leaves out stays.
 */
export async function updateAssistantSettings(
  deps: Pick<InsightsDeps, 'db'>,
  actor: CompanyActor,
  body: ChatSettingsBody,
): Promise<ChatSettings> {
  return inCompany(deps.db, actor.companyId, async (client) => {
    if (body.enabled !== undefined) await writeEnabled(client, actor.companyId, body.enabled, actor.userId);
    if (body.glossary !== undefined) await writeGlossary(client, actor.companyId, body.glossary.trim(), actor.userId);
    return { enabled: await readEnabled(client), glossary: await readGlossary(client) };
  });
}

export async function getAssistantSettings(deps: Pick<InsightsDeps, 'db'>, actor: CompanyActor): Promise<ChatSettings> {
  return inCompany(deps.db, actor.companyId, async (client) => ({
    enabled: await readEnabled(client),
    glossary: await readGlossary(client),
  }));
}

/** Whether the assistant is on, and questions and threads per day over the last 30 days. */
export async function getAssistantUsage(deps: Pick<InsightsDeps, 'db'>, actor: CompanyActor): Promise<ChatUsage> {
  return inCompany(deps.db, actor.companyId, async (client) => ({
    enabled: await readEnabled(client),
    days: await usageByDay(client, USAGE_DAYS),
  }));
}
