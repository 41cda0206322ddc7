import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_INGEST_LIMITS } from '../../src/ingest/ingest-limits';
import { BATCH_NAMES_MAX, readBatches, type ReadBatch } from '../../src/ingest/read-batches';
import { ndjson, segmentTrack, writeGzip } from './support/fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'insights-batches-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('reading a run into batches', () => {
  it('hands a batch out once it holds BATCH_NAMES_MAX event names, however few events it counts', async () => {
    const names = BATCH_NAMES_MAX * 2 + 500;
    const file = path.join(dir, 'many-names.ndjson.gz');
    await writeGzip(file, ndjson(Array.from({ length: names }, (_, i) => segmentTrack(i, { event: `Name ${i}` }))));
    const batches: ReadBatch[] = [];
    await readBatches(
      {
        filePath: file,
        bytes: (await stat(file)).size,
        format: 'segment',
        sourceId: 'upload',
        checkpoint: 0,
        // Neither the event count nor the time would end a batch here.
        limits: { ...DEFAULT_INGEST_LIMITS, batchMs: 3_600_000 },
        personalNames: [],
        errorsRoom: 10,
      },
      async (batch) => {
        batches.push(batch);
      },
    );
    expect(batches.map((b) => b.delta.events.length)).toEqual([BATCH_NAMES_MAX, BATCH_NAMES_MAX, 500]);
    expect(batches.map((b) => b.last)).toEqual([false, false, true]);
    expect(batches.reduce((sum, b) => sum + b.progress.events, 0)).toBe(names);
    expect(batches.at(-1)!.progress.checkpoint).toBe(names);
  });

  it('lets each batch of a run grow twice as old as the one before, up to batchMaxMs', async () => {
    const file = path.join(dir, 'long-run.ndjson.gz');
    await writeGzip(file, ndjson(Array.from({ length: 30_000 }, (_, i) => segmentTrack(i))));
    // A clock that moves 100 ms each time it is read: the batches' ages follow from the reading alone.
    let clock = 0;
    const now = jest.spyOn(Date, 'now').mockImplementation(() => (clock += 100));
    const handedAt: number[] = [];
    try {
      await readBatches(
        {
          filePath: file,
          bytes: (await stat(file)).size,
          format: 'segment',
          sourceId: 'upload',
          checkpoint: 0,
          limits: { ...DEFAULT_INGEST_LIMITS, batchMs: 1_000, batchMaxMs: 4_000 },
          personalNames: [],
          errorsRoom: 10,
        },
        async (batch) => {
          if (!batch.last) handedAt.push(clock);
        },
      );
    } finally {
      now.mockRestore();
    }
    const ages = handedAt.map((at, i) => at - (i === 0 ? 0 : handedAt[i - 1]));
    expect(ages.length).toBeGreaterThanOrEqual(4);
    // Each age is its bound plus at most the two clock reads around one run of lines.
    ages.forEach((age, i) => {
      const bound = Math.min(1_000 * 2 ** i, 4_000);
      expect(age).toBeGreaterThanOrEqual(bound);
      expect(age).toBeLessThanOrEqual(bound + 300);
    });
  });
});
