import { prepareDiscovery, type ToolContext } from '@tracemap/assistant';
import type { CompanyRole, Finding, ObservedEventItem } from '@tracemap/contracts';
import type { InsightsDeps } from '../deps';
import { listFindings } from '../discovery/findings-repository';
import { listObservedEvents } from '../discovery/observed-events-repository';
import { inCompany } from '../ingest/tenant-transaction';

export type AssistantDeps = Pick<InsightsDeps, 'db' | 'planSnapshots' | 'pages' | 'preparedPlans'>;

interface DiscoveryData {
  observed: ObservedEventItem[];
  findings: Finding[];
}

// Far above the example traffic and a typical company; a bound so one company cannot fill memory.
const ROWS_MAX = 50_000;

async function readDiscovery(deps: AssistantDeps, companyId: string): Promise<DiscoveryData> {
  return inCompany(deps.db, companyId, async (client) => ({
    observed: await listObservedEvents(client, { limit: ROWS_MAX }),
    // Resolved findings are history, not something wrong now.
    findings: (await listFindings(client, { limit: ROWS_MAX })).filter((f) => f.state !== 'resolved'),
  }));
}

/**
 * What the tools read for one caller: the company's prepared plan (once per
 * plan version) and its plan against reality and findings, kept as the same
 * arrays until the database announces a change, so discovery's lookups are
 * built once per change too. The role decides what the tools show.
 */
export async function assistantContext(
  deps: AssistantDeps,
  companyId: string,
  role: CompanyRole,
): Promise<ToolContext> {
  const plan = await deps.planSnapshots.get(companyId);
  const data = await deps.pages.page(companyId, 'assistant', {}, () => readDiscovery(deps, companyId));
  return {
    plan: deps.preparedPlans.get(companyId, plan),
    discovery:
      data.observed.length > 0 || data.findings.length > 0 ? prepareDiscovery(data.observed, data.findings) : null,
    role,
  };
}
