import type { Finding } from '@tracemap/contracts';
import { judgeCompany } from '../discovery/judge-company';
import type { InsightsDeps } from '../deps';
import { inCompany } from '../ingest/tenant-transaction';
import { triageError } from './triage-errors';
import { findFinding } from './triage-repository';

export type TriageDeps = Pick<InsightsDeps, 'db' | 'log' | 'peers' | 'planSnapshots'> &
  Partial<Pick<InsightsDeps, 'pages'>>;

/** Who triages: the company, the editor, and the request (its id travels to the company service). */
export interface Triager {
  companyId: string;
  userId: string;
  requestId?: string;
}

export async function requireFinding(deps: TriageDeps, companyId: string, id: string): Promise<Finding> {
  const finding = await inCompany(deps.db, companyId, (client) => findFinding(client, id));
  if (!finding) throw triageError('finding_not_found');
  return finding;
}

/**
 * Judges the company again now, so the answer already shows the finding as the new plan or
 * mapping leaves it; `planChanged` first drops the kept plan, which this service changed itself.
 */
export async function judgeAgain(
  deps: TriageDeps,
  companyId: string,
  findingId: string,
  options: { planChanged: boolean },
): Promise<Finding> {
  if (options.planChanged) deps.planSnapshots.forget(companyId);
  await judgeCompany(deps, companyId);
  return requireFinding(deps, companyId, findingId);
}
