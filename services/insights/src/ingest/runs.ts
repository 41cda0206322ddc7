import type pg from 'pg';
import type { Run, RunListQuery, RunPage } from '@tracemap/contracts';
import { notFound } from '@tracemap/service-kit';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from '../discovery/page-cursor';
import { cancelRun as cancelStoredRun, findRun, findRunWork, listRuns as readRuns } from './run-repository';
import { removeSpooled } from './spool-upload';
import { inCompany } from './tenant-transaction';

const runNotFound = () => notFound('No such run.', 'run_not_found');

export async function getRun(deps: { db: pg.Pool }, companyId: string, runId: string): Promise<Run> {
  const run = await inCompany(deps.db, companyId, (client) => findRun(client, runId));
  if (!run) throw runNotFound();
  return run;
}

/** Newest first. */
export async function listRuns(deps: { db: pg.Pool }, companyId: string, query: RunListQuery): Promise<RunPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursor(query.cursor, 1);
  const rows = await inCompany(deps.db, companyId, (client) =>
    readRuns(client, { afterId: after?.[0], limit: limit + 1 }),
  );
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeCursor([items[items.length - 1].id]) : null };
}

/**
 * Cancels a run that has not ended; an ended run is answered as it is. A run
 * in progress stops at its next batch and its worker removes the file; the
 * file of a run no worker had taken is removed here.
 */
export async function cancelRun(deps: { db: pg.Pool }, companyId: string, runId: string): Promise<Run> {
  const { before, run } = await inCompany(deps.db, companyId, async (client) => ({
    before: await findRunWork(client, runId),
    run: await cancelStoredRun(client, runId),
  }));
  if (!before || !run) throw runNotFound();
  if (before.status === 'queued') await removeSpooled(before.filePath);
  return run;
}
