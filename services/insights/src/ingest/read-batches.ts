import {
  adaptRecord,
  createProfileBuilder,
  type ObservedEvent,
  type ProfileDelta,
  type SourceFormat,
} from '@tracemap/discovery';
import type { RunError } from '@tracemap/contracts';
import { fileRecordRuns } from './file-lines';
import type { IngestLimits } from './ingest-limits';
import type { BatchProgress } from './run-repository';

/** What reading one run's file needs: plain data, so it can be handed to another thread. */
export interface ReadJob {
  filePath: string;
  bytes: number;
  format: SourceFormat;
  sourceId: string;
  /** Lines up to here were written by an earlier attempt and are skipped. */
  checkpoint: number;
  limits: IngestLimits;
  /** Names of attributes the plan marks personal (their values are never kept). */
  personalNames: string[];
  /** How many run errors may still be kept (a resumed run kept some already). */
  errorsRoom: number;
}

/** The profile of a stretch of lines and the run's counters for it; `last` ends the file. */
export interface ReadBatch {
  delta: ProfileDelta;
  progress: BatchProgress;
  last: boolean;
}

export interface ReadPacing {
  /** True once reading should stop (the run was cancelled or taken over). */
  cancelled(): boolean;
  /** True while the writer has taken every batch handed out so far. */
  writerIdle(): boolean;
}

const ALWAYS_IDLE: ReadPacing = { cancelled: () => false, writerIdle: () => true };

/**
 * The most event names one batch holds before it is handed out. A delta has rows for each name (and its
 * paths and shapes), and the writer reads back, merges and serialises them all at once: a file of tens of
 * thousands of distinct names would otherwise make one batch of it, and the service's heap would grow with it.
 */
export const BATCH_NAMES_MAX = 1_000;

/**
 * Reads a run's file from its checkpoint on: each line parsed and adapted, the events profiled, and a
 * batch handed out once it is old enough (`batchMs` for the first, twice the previous age for each next
 * one, up to `batchMaxMs`) and the writer is free, or once it holds `batchEvents` events or
 * `BATCH_NAMES_MAX` names, ending with one marked `last`. While the writer is busy the batch keeps
 * growing: a delta has a row per event name and property path however many events it counts, so a
 * larger batch costs the writer hardly more rows, and batches grow to whatever the database keeps up
 * with. A malformed line is counted with its number and reading goes on; a broken file throws its
 * IngestError. `emit` is awaited, so a writer far behind holds reading back.
 */
export async function readBatches(
  job: ReadJob,
  emit: (batch: ReadBatch) => Promise<void>,
  pacing: ReadPacing = ALWAYS_IDLE,
): Promise<void> {
  const { limits, format, sourceId } = job;
  const builder = createProfileBuilder({ personalNames: job.personalNames });
  let progress = emptyProgress(job.checkpoint);
  let pendingEvents = 0;
  let batchStarted = Date.now();
  let batchAge = limits.batchMs;
  let errorsRoom = job.errorsRoom;
  const report = (error: RunError) => {
    progress.badLines += 1;
    if (errorsRoom > 0) {
      progress.errors.push(error);
      errorsRoom -= 1;
    }
  };
  const flush = async (last: boolean) => {
    const batch = { delta: builder.drain(), progress, last };
    progress = emptyProgress(batch.progress.checkpoint);
    pendingEvents = 0;
    batchStarted = Date.now();
    batchAge = Math.min(batchAge * 2, Math.max(limits.batchMs, limits.batchMaxMs));
    await emit(batch);
  };

  for await (const run of fileRecordRuns(job.filePath, job.bytes, limits)) {
    if (pacing.cancelled()) return;
    const texts = 'texts' in run ? run.texts : null;
    const values = 'values' in run ? run.values : null;
    const count = texts ? texts.length : values!.length;
    if (run.first + count - 1 <= job.checkpoint) continue;
    // Looked at once per run of records (a chunk of the file), not per record.
    if (pendingEvents > 0 && Date.now() - batchStarted >= batchAge && pacing.writerIdle()) await flush(false);
    for (let i = 0; i < count; i++) {
      const lineNumber = run.first + i;
      if (lineNumber <= job.checkpoint) continue;
      const events = texts
        ? readText(texts[i], lineNumber, format, sourceId, report)
        : readValue(values![i], lineNumber, format, sourceId, report);
      if (
        events.length > 0 &&
        pendingEvents > 0 &&
        (pendingEvents + events.length > limits.batchEvents || builder.pendingNames >= BATCH_NAMES_MAX)
      )
        await flush(false);
      for (const event of events) builder.add(event);
      pendingEvents += events.length;
      progress.lines += 1;
      progress.events += events.length;
      progress.checkpoint = lineNumber;
    }
  }
  if (!pacing.cancelled()) await flush(true);
}

function emptyProgress(checkpoint: number): BatchProgress {
  return { lines: 0, events: 0, badLines: 0, errors: [], checkpoint };
}

/** One line's events; an unreadable one is reported and gives none (a partly readable batch keeps its events). */
function readText(
  text: string,
  lineNumber: number,
  format: SourceFormat,
  sourceId: string,
  report: (error: RunError) => void,
): ObservedEvent[] {
  if (text.trim() === '') return NO_EVENTS;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    report({ line: lineNumber, message: 'not valid JSON' });
    return NO_EVENTS;
  }
  return readValue(value, lineNumber, format, sourceId, report);
}

function readValue(
  value: unknown,
  lineNumber: number,
  format: SourceFormat,
  sourceId: string,
  report: (error: RunError) => void,
): ObservedEvent[] {
  const result = adaptRecord(format, value, sourceId);
  if (result.error) report({ line: lineNumber, message: result.error.slice(0, 500) });
  return result.events;
}

const NO_EVENTS: ObservedEvent[] = [];
