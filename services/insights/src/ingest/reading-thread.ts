import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IngestError, type IngestFailure } from './ingest-errors';
import type { FromReader, ToReader } from './ingest-thread';
import type { ReadBatch, ReadJob } from './read-batches';

/** Reads runs' files somewhere other than the thread that answers requests. */
export interface RunReader {
  /** The run's batches in order; leaving the loop early stops the reading. */
  read(job: ReadJob): AsyncGenerator<ReadBatch, void, undefined>;
}

/**
 * One worker thread that parses and profiles every run of this process (runs
 * read at once take turns on it): unpacking, JSON parsing and profiling cost
 * far more than writing the batches, and on the service's own thread they
 * would hold requests back. The thread is started on the first run and
 * started again if it dies; it never keeps the process alive.
 */
export class ReadingThread implements RunReader {
  private worker: Worker | null = null;
  private nextJobId = 1;
  /** Each job's listener and the thread it reads on: a thread that ends fails its own jobs only. */
  private readonly listeners = new Map<number, { worker: Worker; listen: (message: FromReader) => void }>();
  private idleTimer: NodeJS.Timeout | null = null;

  /**
   * @param idleMs How long the thread is kept once no run reads: an idle thread is never collected, so
   * what its last run left on its heap (up to its bound) would stay resident until the next run.
   */
  constructor(private readonly idleMs = 30_000) {}

  async *read(job: ReadJob): AsyncGenerator<ReadBatch, void, undefined> {
    const worker = this.ensure();
    const jobId = this.nextJobId++;
    const queue: FromReader[] = [];
    let wake: (() => void) | null = null;
    this.listeners.set(jobId, {
      worker,
      listen: (message) => {
        queue.push(message);
        wake?.();
      },
    });
    const send = (message: ToReader) => worker.postMessage(message);
    send({ type: 'start', jobId, job });
    let finished = false;
    try {
      for (;;) {
        while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        const message = queue.shift()!;
        if (message.type === 'failed') {
          finished = true;
          throw new IngestError(message.failure as IngestFailure);
        }
        if (message.type === 'error') {
          finished = true;
          throw new Error(`reading the upload failed: ${message.message}`);
        }
        finished = message.batch.last;
        yield message.batch;
        if (finished) return;
        // Acknowledged once written (the consumer asked for the next one): until then the reader
        // sees a busy writer and lets its batch grow, rather than handing out small ones.
        send({ type: 'ack', jobId });
      }
    } finally {
      this.listeners.delete(jobId);
      if (!finished) send({ type: 'cancel', jobId });
      if (this.listeners.size === 0) this.endWhenIdle();
    }
  }

  private endWhenIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.listeners.size === 0) void this.close();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /** Starts the thread ahead of the first run, so that run does not wait for it. */
  start(): void {
    this.ensure();
  }

  /** Ends the thread (runs still reading fail as if it had died). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private ensure(): Worker {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.worker) return this.worker;
    const worker = startThread();
    worker.on('message', (message: FromReader) => this.listeners.get(message.jobId)?.listen(message));
    // A closed thread ends a moment after close(): a run started meanwhile reads on a new thread and
    // must not fail with it.
    const failAll = (reason: string) => {
      if (this.worker === worker) this.worker = null;
      for (const [jobId, listener] of this.listeners)
        if (listener.worker === worker) listener.listen({ type: 'error', jobId, message: reason });
    };
    worker.on('error', (error) => failAll(error.message));
    worker.on('exit', (code) => failAll(`the reading thread ended (${code})`));
    // After the listeners: listening for messages would hold the process again.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

/**
 * The thread's heap is bounded: what it keeps is bounded by the profile's caps (paths, shapes,
 * values, sessions), whatever the file's size, and a bound makes it collect garbage early instead
 * of growing first. Nearly everything a line costs is garbage by the next line, so a small young
 * generation is collected as often at no more cost per event, and holds ~25 MB less than 32 MB did.
 * A thread that still runs out dies, and its run is resumed from its checkpoint.
 */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 };

function startThread(): Worker {
  const compiled = path.join(__dirname, 'ingest-thread.js');
  if (existsSync(compiled)) return new Worker(compiled, { resourceLimits: THREAD_LIMITS });
  // Running from the TypeScript sources (npm start, tests): the thread loads them the same way.
  const source = path.join(__dirname, 'ingest-thread.ts');
  const loader = require.resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(loader)}); require(${JSON.stringify(source)});`, {
    eval: true,
    resourceLimits: THREAD_LIMITS,
  });
}
