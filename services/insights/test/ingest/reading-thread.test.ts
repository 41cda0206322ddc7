import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_INGEST_LIMITS } from '../../src/ingest/ingest-limits';
import type { ReadJob } from '../../src/ingest/read-batches';
import { ReadingThread } from '../../src/ingest/reading-thread';
import { ndjson, segmentTrack, writeGzip } from './support/fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'insights-reading-thread-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function job(events: number): Promise<ReadJob> {
  const file = path.join(dir, `events-${events}.ndjson.gz`);
  await writeGzip(file, ndjson(Array.from({ length: events }, (_, i) => segmentTrack(i))));
  return {
    filePath: file,
    bytes: (await stat(file)).size,
    format: 'segment',
    sourceId: 'upload',
    checkpoint: 0,
    limits: DEFAULT_INGEST_LIMITS,
    personalNames: [],
    errorsRoom: 10,
  };
}

describe('the reading thread', () => {
  it('reads a run started while the previous thread is still ending, on a new thread', async () => {
    const thread = new ReadingThread();
    const read = await job(50);
    thread.start();
    // As the idle timeout does: the old thread's end arrives after the next run has started on a new one,
    // and must not fail that run.
    const closing = thread.close();
    let events = 0;
    for await (const batch of thread.read(read)) events += batch.progress.events;
    await closing;
    expect(events).toBe(50);
    await thread.close();
  });
});
