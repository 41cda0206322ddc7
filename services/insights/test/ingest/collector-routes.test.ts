import { randomUUID } from 'node:crypto';
import { waitFor } from '@tracemap/test-kit';
import { emptySnapshot } from '../support/company-peer';
import { segmentTrack } from './support/fixtures';
import { startDiscoveryHarness, type DiscoveryHarness } from './support/discovery-harness';

let h: DiscoveryHarness;
let companyId: string;
beforeAll(async () => {
  h = await startDiscoveryHarness({ collector: { maxBodyBytes: 4096, requestsPerMinute: 5 } });
  companyId = randomUUID();
  h.peer.subscriptions.set(companyId, 'active');
  h.peer.snapshots.set(companyId, emptySnapshot(companyId, 'v1'));
});
afterAll(async () => {
  await h.close();
});

async function collectorKey(company: string): Promise<string> {
  const admin = await h.user(company, 'admin');
  const created = await h.call(admin, {
    method: 'POST',
    url: `/api/insights/${company}/discovery/sources`,
    payload: { kind: 'collector', name: 'Website webhook' },
  });
  expect(created.statusCode).toBe(201);
  return created.json().ingestKey;
}

const collect = (key: string, payload: unknown, contentType = 'application/json') =>
  h.app.inject({
    method: 'POST',
    url: `/api/insights/collect/${key}`,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const totalEvents = async (company: string) =>
  (
    await h.admin.query<{ n: number }>(
      'SELECT coalesce(sum(total), 0)::int AS n FROM insights.profile_events WHERE company_id = $1',
      [company],
    )
  ).rows[0].n;

describe('POST /api/insights/collect/:ingestKey', () => {
  it('takes an object, an array or a batch without a token, answers 202 and profiles them', async () => {
    const key = await collectorKey(companyId);
    expect((await collect(key, segmentTrack(1))).statusCode).toBe(202);
    const batch = await collect(key, { batch: [segmentTrack(2), segmentTrack(3)] });
    expect(batch.statusCode).toBe(202);
    expect(batch.json()).toEqual({ accepted: 1, events: 2, rejected: 0 });
    // A script's beacon: text/plain, read as JSON; a __proto__ key is plain data.
    const beacon = await collect(key, `[${JSON.stringify(segmentTrack(4))}, {"__proto__": {"x": 1}}]`, 'text/plain');
    expect(beacon.statusCode).toBe(202);
    expect(beacon.json()).toEqual({ accepted: 1, events: 1, rejected: 1 });
    expect(await totalEvents(companyId)).toBe(4);
    // What was collected is judged soon after, without a run.
    await waitFor(
      async () =>
        (await h.admin.query('SELECT 1 FROM insights.judgements WHERE company_id = $1', [companyId])).rows.length,
      { timeoutMs: 10_000, message: 'the collected events were never judged' },
    );
  });

  it('answers 404 for an unknown key, 413 past the size cap and 400 for what is not JSON', async () => {
    const unknown = await collect(`tmk_${'x'.repeat(40)}`, segmentTrack(1));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('source_not_found');
    expect((await collect('nonsense', segmentTrack(1))).statusCode).toBe(404);
    const key = await collectorKey(companyId);
    const big = await collect(
      key,
      Array.from({ length: 40 }, (_, i) => segmentTrack(i)),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ statusCode: 413 });
    const broken = await collect(key, '{"type": "track", ');
    expect(broken.statusCode).toBe(400);
  });

  it('limits requests per key with 429 and Retry-After, other keys unaffected', async () => {
    const key = await collectorKey(companyId);
    const other = await collectorKey(companyId);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await collect(key, segmentTrack(i))).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await collect(key, segmentTrack(9));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ statusCode: 429 });
    expect((await collect(other, segmentTrack(1))).statusCode).toBe(202);
  });

  it('answers 402 when the company has no running subscription, storing nothing', async () => {
    const unpaid = randomUUID();
    h.peer.subscriptions.set(unpaid, 'active');
    const key = await collectorKey(unpaid);
    h.peer.subscriptions.delete(unpaid);
    const refused = await collect(key, segmentTrack(1));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('subscription_required');
    expect(await totalEvents(unpaid)).toBe(0);
  });
});
