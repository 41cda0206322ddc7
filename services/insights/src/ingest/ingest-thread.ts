import { parentPort } from 'node:worker_threads';
import { isIngestError } from './ingest-errors';
import { readBatches, type ReadBatch, type ReadJob } from './read-batches';

/** What the service's thread sends a reading thread. */
export type ToReader =
  | { type: 'start'; jobId: number; job: ReadJob }
  /** The service took one batch: one more may be prepared. */
  | { type: 'ack'; jobId: number }
  | { type: 'cancel'; jobId: number };

/** What a reading thread answers. */
export type FromReader =
  | { type: 'batch'; jobId: number; batch: ReadBatch }
  | { type: 'failed'; jobId: number; failure: string }
  | { type: 'error'; jobId: number; message: string };

/**
 * Batches prepared ahead of the service's writes: reading goes on while the
 * previous batch is being written, and stops there until the writer catches up.
 */
const AHEAD = 2;

interface Job {
  outstanding: number;
  cancelled: boolean;
  wake: (() => void) | null;
}

const jobs = new Map<number, Job>();

function post(message: FromReader): void {
  parentPort!.postMessage(message);
}

async function runJob(jobId: number, readJob: ReadJob): Promise<void> {
  const job: Job = { outstanding: 0, cancelled: false, wake: null };
  jobs.set(jobId, job);
  try {
    await readBatches(
      readJob,
      async (batch) => {
        if (job.cancelled) return;
        post({ type: 'batch', jobId, batch });
        job.outstanding += 1;
        while (job.outstanding >= AHEAD && !job.cancelled) await new Promise<void>((resolve) => (job.wake = resolve));
      },
      { cancelled: () => job.cancelled, writerIdle: () => job.outstanding === 0 },
    );
  } catch (error) {
    if (isIngestError(error)) post({ type: 'failed', jobId, failure: error.failure });
    else post({ type: 'error', jobId, message: error instanceof Error ? error.message : String(error) });
  } finally {
    jobs.delete(jobId);
  }
}

parentPort?.on('message', (message: ToReader) => {
  if (message.type === 'start') {
    void runJob(message.jobId, message.job);
    return;
  }
  const job = jobs.get(message.jobId);
  if (!job) return;
  if (message.type === 'ack') job.outstanding -= 1;
  else job.cancelled = true;
  const wake = job.wake;
  job.wake = null;
  wake?.();
});
