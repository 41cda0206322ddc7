import { access } from 'node:fs/promises';
import type pg from 'pg';
import { isSourceFormat } from '@tracemap/discovery';
import { isIngestError } from './ingest-errors';
import type { IngestLimits } from './ingest-limits';
import { addToProfile } from './profile-repository';
import { ReadingThread, type RunReader } from './reading-thread';
import { advanceRun, ERRORS_KEPT, extendRunLease, finishRun, findRunWork, releaseRun } from './run-repository';
import { removeSpooled } from './spool-upload';
import { inCompany } from './tenant-transaction';

export interface ClaimedRun {
  runId: string;
  companyId: string;
  leaseToken: string;
}

export interface ProcessRunOptions {
  db: pg.Pool;
  limits: IngestLimits;
  leaseSeconds: number;
  /** Names of attributes the plan marks personal (their values are never kept). */
  personalNames?: (companyId: string) => Promise<Iterable<string>>;
  /** Asked between batches: true once the worker is stopping (the run is left to be resumed). */
  stopping?: () => boolean;
  /** Called once the lines up to a checkpoint are written (tests stop a worker there). */
  afterBatch?: (runId: string, checkpoint: number) => void | Promise<void>;
  /** Where the file is parsed and profiled; by default the process's reading thread. */
  reader?: RunReader;
}

export type RunOutcome = 'succeeded' | 'failed' | 'cancelled' | 'lost' | 'paused';

const SOURCE_OF_UPLOADS = 'upload';

let processReader: ReadingThread | null = null;
/** The reading thread runs use unless given another; started with the first run. */
export function sharedReadingThread(): ReadingThread {
  processReader ??= new ReadingThread();
  return processReader;
}

/**
 * Processes a claimed run from its checkpoint on: the reading thread parses,
 * adapts and profiles the file and hands over batches of at most
 * `batchEvents` events; each is written in one transaction together with the
 * run's counters and the new checkpoint, so a run resumed after a crash counts
 * no line twice. The next batch is read while one is written. A malformed line
 * is counted with its number and the run goes on.
 */
export async function processRun(claim: ClaimedRun, options: ProcessRunOptions): Promise<RunOutcome> {
  const { db, limits } = options;
  const run = await inCompany(db, claim.companyId, (client) => findRunWork(client, claim.runId));
  if (!run || run.status !== 'running') return 'lost';
  const holder = { id: run.id, leaseToken: claim.leaseToken, leaseSeconds: options.leaseSeconds };
  const format = run.format;
  if (!isSourceFormat(format)) {
    await inCompany(db, run.companyId, (client) =>
      finishRun(client, holder, { status: 'failed', failure: 'unknown_format' }),
    );
    return 'failed';
  }
  if (!(await exists(run.filePath))) {
    // The spool did not survive (another machine, a wiped temporary folder): retrying cannot help.
    await inCompany(db, run.companyId, (client) =>
      finishRun(client, holder, { status: 'failed', failure: 'upload_missing' }),
    );
    return 'failed';
  }
  const personalNames = options.personalNames ? [...(await options.personalNames(run.companyId))] : [];
  const reader = options.reader ?? sharedReadingThread();
  const batches = reader.read({
    filePath: run.filePath,
    bytes: run.bytes,
    format,
    sourceId: run.sourceId ?? SOURCE_OF_UPLOADS,
    checkpoint: run.checkpoint,
    limits,
    personalNames,
    errorsRoom: ERRORS_KEPT,
  });

  // Renewed while the run goes on, whatever a batch takes: the lease can stay short, so a run
  // whose process died is resumed soon.
  const keep = setInterval(
    () => void inCompany(db, run.companyId, (client) => extendRunLease(client, holder)).catch(() => undefined),
    (options.leaseSeconds * 1000) / 3,
  );
  try {
    for await (const { delta, progress, last } of batches) {
      const held = await inCompany(db, run.companyId, async (client) => {
        // Cancelled or taken over: nothing was written, and this batch must not reach the profile.
        if (!(await advanceRun(client, holder, progress))) return false;
        await addToProfile(client, run.companyId, delta);
        return true;
      });
      if (!held) return await endedElsewhere(db, run.companyId, run.id);
      await options.afterBatch?.(run.id, progress.checkpoint);
      if (!last && options.stopping?.()) {
        await inCompany(db, run.companyId, (client) => releaseRun(client, holder));
        return 'paused';
      }
    }
  } catch (error) {
    // Anything else (the database gone, the process ending) leaves the run to be taken over from
    // its checkpoint once the lease runs out.
    if (!isIngestError(error)) throw error;
    // What was read before the failure stays counted, as the run's progress says.
    await inCompany(db, run.companyId, (client) =>
      finishRun(client, holder, { status: 'failed', failure: error.failure }),
    );
    await removeSpooled(run.filePath);
    return 'failed';
  } finally {
    clearInterval(keep);
  }
  const finished = await inCompany(db, run.companyId, (client) => finishRun(client, holder, { status: 'succeeded' }));
  await removeSpooled(run.filePath);
  return finished ? 'succeeded' : endedElsewhere(db, run.companyId, run.id);
}

async function exists(filePath: string): Promise<boolean> {
  try {
    await access(filePath);
    return true;
  } catch {
    return false;
  }
}

async function endedElsewhere(db: pg.Pool, companyId: string, runId: string): Promise<RunOutcome> {
  const run = await inCompany(db, companyId, (client) => findRunWork(client, runId));
  if (run?.status === 'cancelled') {
    await removeSpooled(run.filePath);
    return 'cancelled';
  }
  return 'lost';
}
