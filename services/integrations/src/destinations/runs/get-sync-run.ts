import type { SyncRunList, SyncRunView } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { DESTINATION_ROUTE_ERRORS } from '../manage/destination-errors';
import { requireDestination } from '../manage/destination-repository';
import { findRunSummary, listRunOperations, listRunSummaries } from './run-repository';

/** One run with each operation's outcome. */
export function getSyncRun(
  deps: Pick<IntegrationsDeps, 'db'>,
  actor: CompanyActor,
  runId: string,
): Promise<SyncRunView> {
  return tenantTransaction(deps.db, actor.companyId, async (client) => {
    const summary = await findRunSummary(client, actor.companyId, runId);
    if (!summary) throw DESTINATION_ROUTE_ERRORS.runNotFound();
    return { ...summary, operations: await listRunOperations(client, runId) };
  });
}

/** The destination's latest runs, newest first (the run history). */
export function listSyncRuns(
  deps: Pick<IntegrationsDeps, 'db'>,
  actor: CompanyActor,
  id: string,
): Promise<SyncRunList> {
  return tenantTransaction(deps.db, actor.companyId, async (client) => {
    await requireDestination(client, actor.companyId, id);
    return { runs: await listRunSummaries(client, actor.companyId, id) };
  });
}
