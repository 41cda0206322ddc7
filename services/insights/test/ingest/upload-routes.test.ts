import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Run } from '@tracemap/contracts';
import { waitFor } from '@tracemap/test-kit';
import yazl from 'yazl';
import { DEFAULT_INGEST_LIMITS } from '../../src/ingest/ingest-limits';
import { emptySnapshot } from '../support/company-peer';
import { ndjson, segmentTrack } from './support/fixtures';
import { startDiscoveryHarness, type DiscoveryHarness, type TestUser } from './support/discovery-harness';

let h: DiscoveryHarness;
let companyId: string;
let editor: TestUser;
beforeAll(async () => {
  h = await startDiscoveryHarness({ limits: { ...DEFAULT_INGEST_LIMITS, maxEntries: 3 } });
  companyId = randomUUID();
  h.peer.subscriptions.set(companyId, 'active');
  h.peer.snapshots.set(companyId, emptySnapshot(companyId, 'v1'));
  editor = await h.user(companyId, 'creator');
});
afterAll(async () => {
  await h.close();
});

const upload = (user: TestUser | null, body: string | Buffer, contentType: string, query = '', company = companyId) =>
  h.call(user, {
    method: 'POST',
    url: `/api/insights/${company}/discovery/uploads${query}`,
    headers: { 'content-type': contentType },
    payload: body,
  });

const runOf = async (runId: string): Promise<Run> =>
  (await h.call(editor, { method: 'GET', url: `/api/insights/${companyId}/discovery/runs/${runId}` })).json();

async function zipOf(entries: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (let i = 0; i < entries; i++) zip.addBuffer(Buffer.from(ndjson([segmentTrack(i)])), `part-${i}.json`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const runCount = async () =>
  (await h.admin.query<{ n: number }>('SELECT count(*)::int AS n FROM insights.runs')).rows[0].n;

describe('POST /api/insights/:companyId/discovery/uploads', () => {
  it('answers 202 with a run that the worker reads, a malformed line reported by its number', async () => {
    const lines = [JSON.stringify(segmentTrack(1)), '{oops', JSON.stringify(segmentTrack(2))].join('\n');
    const response = await upload(editor, gzipSync(lines), 'application/gzip');
    expect(response.statusCode).toBe(202);
    const { runId } = response.json();
    const run = await waitFor(() => runOf(runId), { until: (r) => r.status === 'succeeded', timeoutMs: 10_000 });
    expect(run).toMatchObject({ format: 'segment', lines: 3, events: 2, badLines: 1, failure: null });
    expect(run.errors).toEqual([{ line: 2, message: expect.any(String) }]);
    const list = (await h.call(editor, { method: 'GET', url: `/api/insights/${companyId}/discovery/runs` })).json();
    expect(list.items.map((r: Run) => r.id)).toContain(runId);
  });

  it('takes a named format and every allowed content type, streamed', async () => {
    for (const type of ['application/x-ndjson', 'application/json']) {
      const response = await upload(editor, ndjson([segmentTrack(3)]), type, '?format=rudderstack');
      expect(response.statusCode).toBe(202);
      const run = await waitFor(() => runOf(response.json().runId), { until: (r) => r.status === 'succeeded' });
      expect(run).toMatchObject({ format: 'rudderstack', events: 1 });
    }
    const pretty = await upload(
      editor,
      JSON.stringify({ batch: [segmentTrack(4), segmentTrack(5)] }, null, 2),
      'application/json',
    );
    expect(pretty.statusCode).toBe(202);
    expect(await waitFor(() => runOf(pretty.json().runId), { until: (r) => r.status === 'succeeded' })).toMatchObject({
      format: 'segment',
      events: 2,
      lines: 2,
    });
    const zipped = await upload(editor, await zipOf(2), 'application/zip');
    expect(zipped.statusCode).toBe(202);
    expect(await waitFor(() => runOf(zipped.json().runId), { until: (r) => r.status === 'succeeded' })).toMatchObject({
      events: 2,
      lines: 2,
    });
  });

  it('refuses an unknown format with 400 before anything is stored', async () => {
    const before = await runCount();
    const files = (await readdir(h.spoolDir)).length;
    const response = await upload(editor, ndjson([{ colour: 'red' }]), 'application/x-ndjson');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'unknown_format' });
    expect(await runCount()).toBe(before);
    expect((await readdir(h.spoolDir)).length).toBe(files);
  });

  it('refuses a zip with too many entries, another content type, and an unknown format name', async () => {
    const before = await runCount();
    const many = await upload(editor, await zipOf(4), 'application/zip');
    expect(many.statusCode).toBe(413);
    expect(many.json().code).toBe('too_many_entries');
    expect((await upload(editor, 'a,b\n1,2\n', 'text/csv')).statusCode).toBe(415);
    expect((await upload(editor, ndjson([segmentTrack(1)]), 'application/x-ndjson', '?format=csv')).statusCode).toBe(
      400,
    );
    expect(await runCount()).toBe(before);
  });

  it('lets editors upload with a running subscription only; viewers 403, strangers 404, no subscription 402', async () => {
    const viewer = await h.user(companyId, 'viewer');
    expect((await upload(viewer, ndjson([segmentTrack(1)]), 'application/x-ndjson')).statusCode).toBe(403);
    const stranger = await h.user(randomUUID(), 'owner');
    expect((await upload(stranger, ndjson([segmentTrack(1)]), 'application/x-ndjson')).statusCode).toBe(404);
    expect((await upload(null, ndjson([segmentTrack(1)]), 'application/x-ndjson')).statusCode).toBe(401);

    const unpaid = randomUUID();
    const unpaidEditor = await h.user(unpaid, 'owner');
    const refused = await upload(unpaidEditor, ndjson([segmentTrack(1)]), 'application/x-ndjson', '', unpaid);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('subscription_required');
    // Reading runs never needs one.
    const runs = await h.call(unpaidEditor, { method: 'GET', url: `/api/insights/${unpaid}/discovery/runs` });
    expect(runs.statusCode).toBe(200);
    expect(runs.json()).toEqual({ items: [], nextCursor: null });
  });

  it('answers the first run to an upload sent again with the same Idempotency-Key', async () => {
    const send = (user: TestUser, key: string, body: string, query = '') =>
      h.call(user, {
        method: 'POST',
        url: `/api/insights/${companyId}/discovery/uploads${query}`,
        headers: { 'content-type': 'application/x-ndjson', 'idempotency-key': key },
        payload: body,
      });
    const body = ndjson([segmentTrack(11), segmentTrack(12)]);
    const before = await runCount();
    const first = await send(editor, 'upload-1', body);
    expect(first.statusCode).toBe(202);
    const again = await send(editor, 'upload-1', body);
    expect(again.statusCode).toBe(202);
    expect(again.json().runId).toBe(first.json().runId);
    expect(await runCount()).toBe(before + 1);

    const other = await send(editor, 'upload-1', ndjson([segmentTrack(13)]));
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect((await send(editor, 'upload-1', body, '?format=rudderstack')).statusCode).toBe(422);
    // Keys are per user.
    const colleague = await h.user(companyId, 'admin');
    const theirs = await send(colleague, 'upload-1', body);
    expect(theirs.statusCode).toBe(202);
    expect(theirs.json().runId).not.toBe(first.json().runId);
    expect(await runCount()).toBe(before + 2);
    const run = await waitFor(() => runOf(first.json().runId), { until: (r) => r.status === 'succeeded' });
    expect(run.events).toBe(2);
    await waitFor(() => runOf(theirs.json().runId), { until: (r) => r.status === 'succeeded' });
  });

  it('cancels a run that waits; the worker then leaves it alone', async () => {
    await h.deps.discovery.ingest.stop();
    const response = await upload(editor, ndjson([segmentTrack(1), segmentTrack(2)]), 'application/x-ndjson');
    const { runId } = response.json();
    expect((await runOf(runId)).status).toBe('queued');
    const spooled = (await h.admin.query('SELECT file_name FROM insights.runs WHERE id = $1', [runId])).rows[0]
      .file_name;
    expect(await readdir(h.spoolDir)).toContain(path.basename(spooled));
    const viewer = await h.user(companyId, 'viewer');
    const cancelUrl = `/api/insights/${companyId}/discovery/runs/${runId}/cancel`;
    expect((await h.call(viewer, { method: 'POST', url: cancelUrl })).statusCode).toBe(403);
    const cancelled = await h.call(editor, { method: 'POST', url: cancelUrl });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: runId, status: 'cancelled', events: 0 });
    // Its spooled file is gone with it.
    expect(await readdir(h.spoolDir)).not.toContain(path.basename(spooled));
    const claimed = await h.admin.query<{ run_id: string }>('SELECT * FROM insights.claim_run(30)');
    expect(claimed.rows.map((r) => r.run_id)).not.toContain(runId);
    const other = await h.call(editor, {
      method: 'GET',
      url: `/api/insights/${randomUUID()}/discovery/runs/${runId}`,
    });
    expect(other.statusCode).toBe(404);
  });
});
