import { access } from 'node:fs/promises';
import type pg from 'pg';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { adaptRecord, createProfileBuilder, isSourceFormat, type ObservedEvent } from '@tracemap/discovery';
import type { RunError } from '@tracemap/contracts';
import { fileRecords, type FileRecord } from './file-lines';
import { isIngestError } from './ingest-errors';
import type { IngestLimits } from './ingest-limits';
import { addToProfile } from './profile-repository';
import { advanceRun, ERRORS_KEPT, finishRun, findRunWork, releaseRun, type BatchProgress } from './run-repository';
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
}

export type RunOutcome = 'succeeded' | 'failed' | 'cancelled' | 'lost' | 'paused';

const SOURCE_OF_UPLOADS = 'upload';
const YIELD_EVERY_RECORDS = 50;

/**
 * Reads a claimed run's file from its checkpoint on: each line parsed and
 * adapted, the events profiled, and every batch of at most `batchEvents`
 * events written in one transaction together with the run's counters and the
 * new checkpoint, so a run resumed after a crash counts no line twice. A
 * malformed line is counted with its number and the run goes on. Between
 * batches the loop yields to the event loop so requests keep being answered.
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
  const sourceId = run.sourceId ?? SOURCE_OF_UPLOADS;
  const builder = createProfileBuilder({
    personalNames: options.personalNames ? await options.personalNames(run.companyId) : undefined,
  });

  let lineNumber = 0;
  let progress: BatchProgress = emptyProgress(run.checkpoint);
  let pendingEvents = 0;
  let batchStarted = Date.now();
  let errorsRoom = ERRORS_KEPT;

  const flush = async (): Promise<boolean> => {
    const delta = builder.drain();
    const batch = progress;
    const held = await inCompany(db, run.companyId, async (client) => {
      // Cancelled or taken over: nothing was written, and this batch must not reach the profile.
      if (!(await advanceRun(client, holder, batch))) return false;
      await addToProfile(client, run.companyId, delta);
      return true;
    });
    progress = emptyProgress(batch.checkpoint);
    pendingEvents = 0;
    batchStarted = Date.now();
    if (held) await options.afterBatch?.(run.id, batch.checkpoint);
    await yieldToLoop();
    return held;
  };

  try {
    for await (const record of fileRecords(run.filePath, run.bytes, limits)) {
      lineNumber = record.number;
      if (lineNumber <= run.checkpoint) continue;
      // Parsing and profiling run on the thread that answers requests: let them in every few records.
      if (lineNumber % YIELD_EVERY_RECORDS === 0) await yieldToLoop();
      const events = readRecord(record, format, sourceId, (error) => {
        progress.badLines += 1;
        if (errorsRoom > 0) {
          progress.errors.push(error);
          errorsRoom -= 1;
        }
      });
      const batchFull =
        pendingEvents + events.length > limits.batchEvents || Date.now() - batchStarted >= limits.batchMs;
      if (events.length > 0 && pendingEvents > 0 && batchFull) {
        if (!(await flush())) return await endedElsewhere(db, run.companyId, run.id);
        if (options.stopping?.()) {
          await inCompany(db, run.companyId, (client) => releaseRun(client, holder));
          return 'paused';
        }
      }
      for (const event of events) builder.add(event);
      pendingEvents += events.length;
      progress.lines += 1;
      progress.events += events.length;
      progress.checkpoint = lineNumber;
    }
    if (!(await flush())) return await endedElsewhere(db, run.companyId, run.id);
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

function emptyProgress(checkpoint: number): BatchProgress {
  return { lines: 0, events: 0, badLines: 0, errors: [], checkpoint };
}

async function endedElsewhere(db: pg.Pool, companyId: string, runId: string): Promise<RunOutcome> {
  const run = await inCompany(db, companyId, (client) => findRunWork(client, runId));
  if (run?.status === 'cancelled') {
    await removeSpooled(run.filePath);
    return 'cancelled';
  }
  return 'lost';
}

/** One record's events; an unreadable one is reported and gives none (a partly readable batch keeps its events). */
function readRecord(
  record: FileRecord,
  format: Parameters<typeof adaptRecord>[0],
  sourceId: string,
  report: (error: RunError) => void,
): ObservedEvent[] {
  let value: unknown;
  if ('text' in record) {
    if (record.text.trim() === '') return [];
    try {
      value = JSON.parse(record.text);
    } catch {
      report({ line: record.number, message: 'not valid JSON' });
      return [];
    }
  } else {
    value = record.value;
  }
  const result = adaptRecord(format, value, sourceId);
  if (result.error) report({ line: record.number, message: result.error.slice(0, 500) });
  return result.events;
}
