import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { collectEvents } from '../../src/ingest/collect-events';
import { DEFAULT_INGEST_LIMITS } from '../../src/ingest/ingest-limits';
import { readProfile } from '../../src/ingest/profile-repository';
import { getRun, listRuns } from '../../src/ingest/runs';
import { inCompany } from '../../src/ingest/tenant-transaction';
import { uploadFile, type UploadDeps } from '../../src/ingest/upload-file';
import { ndjson, segmentTrack } from './support/fixtures';
import { createIngestDatabase, type IngestDatabase } from './support/ingest-database';

let db: IngestDatabase;
let spoolDir: string;
let deps: UploadDeps;
let wakes = 0;
beforeAll(async () => {
  db = await createIngestDatabase();
  spoolDir = await mkdtemp(path.join(tmpdir(), 'insights-spool-'));
  deps = {
    db: db.pool,
    spoolDir,
    limits: { ...DEFAULT_INGEST_LIMITS, maxUploadBytes: 64 * 1024 },
    wakeIngest: () => {
      wakes += 1;
    },
  };
});
afterAll(async () => {
  await db.close();
  await rm(spoolDir, { recursive: true, force: true });
});

const upload = (companyId: string, body: Buffer | string, format: 'auto' | 'segment' = 'auto') =>
  uploadFile(deps, {
    companyId,
    userId: randomUUID(),
    format,
    contentType: 'application/x-ndjson',
    body: Readable.from([Buffer.from(body)]),
  });

async function codeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return 'none';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('uploading a file', () => {
  it('queues a run with the format its first record shows and wakes the worker', async () => {
    const companyId = randomUUID();
    const before = wakes;
    const content = gzipSync(ndjson([segmentTrack(1), segmentTrack(2)]));
    const { runId } = await upload(companyId, content);
    const run = await getRun({ db: db.pool }, companyId, runId);
    expect(run).toMatchObject({ status: 'queued', format: 'segment', bytes: content.length, events: 0 });
    expect(wakes).toBe(before + 1);
    expect((await listRuns({ db: db.pool }, companyId, {})).items.map((r) => r.id)).toEqual([runId]);
    expect(await readdir(spoolDir)).toHaveLength(1);
  });

  it('refuses an unknown format with nothing stored and no file left behind', async () => {
    const companyId = randomUUID();
    const files = (await readdir(spoolDir)).length;
    expect(await codeOf(() => upload(companyId, ndjson([{ id: 1, colour: 'red' }])))).toBe('unknown_format');
    expect(await codeOf(() => upload(companyId, ''))).toBe('empty_upload');
    expect((await listRuns({ db: db.pool }, companyId, {})).items).toEqual([]);
    expect(await readdir(spoolDir)).toHaveLength(files);
  });

  it('refuses a file past the upload cap while it streams', async () => {
    const companyId = randomUUID();
    const files = (await readdir(spoolDir)).length;
    const big = ndjson(Array.from({ length: 1000 }, (_, i) => segmentTrack(i)));
    expect(big.length).toBeGreaterThan(64 * 1024);
    expect(await codeOf(() => upload(companyId, big))).toBe('upload_too_large');
    expect((await listRuns({ db: db.pool }, companyId, {})).items).toEqual([]);
    expect(await readdir(spoolDir)).toHaveLength(files);
  });

  it('pages runs newest first', async () => {
    const companyId = randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await upload(companyId, ndjson([segmentTrack(i)]))).runId);
    const first = await listRuns({ db: db.pool }, companyId, { limit: 3 });
    const second = await listRuns({ db: db.pool }, companyId, { limit: 3, cursor: first.nextCursor! });
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
  });
});

describe('collecting events', () => {
  it('adapts an object, an array and a batch, each record by its own format, and rejects the unknown', async () => {
    const companyId = randomUUID();
    const source = { id: randomUUID(), companyId };
    const changed: string[] = [];
    const collect = (body: unknown) =>
      collectEvents({ db: db.pool, batchEvents: 2, profileChanged: (id) => changed.push(id) }, source, body);

    expect(await collect(segmentTrack(1))).toEqual({ accepted: 1, events: 1, rejected: 0 });
    expect(
      await collect([segmentTrack(2), { ...segmentTrack(3), rudderId: 'r-1' }, { hello: 'there' }, segmentTrack(4)]),
    ).toEqual({ accepted: 3, events: 3, rejected: 1 });
    expect(await collect({ batch: [segmentTrack(5), segmentTrack(6), segmentTrack(7)] })).toEqual({
      accepted: 1,
      events: 3,
      rejected: 0,
    });
    expect(await collect({ nothing: true })).toEqual({ accepted: 0, events: 0, rejected: 1 });
    expect(changed).toEqual([companyId, companyId, companyId]);

    const profile = await inCompany(db.pool, companyId, (client) => readProfile(client));
    const total = profile.events.reduce((sum, e) => sum + e.total, 0);
    expect(total).toBe(7);
    expect(new Set(profile.events.map((e) => e.sourceId))).toEqual(new Set([source.id]));
  });
});
