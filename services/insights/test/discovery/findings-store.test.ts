import { randomUUID } from 'node:crypto';
import type { JudgedFinding } from '@tracemap/contracts';
import { inCompany } from '../../src/ingest/tenant-transaction';
import { storeJudgement } from '../../src/discovery/findings-repository';
import { listFindings } from '../../src/discovery/list-findings';
import { updateFinding } from '../../src/discovery/update-finding';
import { listObservedEvents } from '../../src/discovery/list-observed-events';
import { replaceObservedEvents } from '../../src/discovery/observed-events-repository';
import { createIngestDatabase, type IngestDatabase } from '../ingest/support/ingest-database';

let db: IngestDatabase;
beforeAll(async () => {
  db = await createIngestDatabase();
});
afterAll(async () => {
  await db.close();
});

function judged(fingerprint: string, overrides: Partial<JudgedFinding> = {}): JudgedFinding {
  return {
    fingerprint,
    type: 'unplanned_event',
    severity: 'medium',
    layer: { layer: 'event' },
    subject: { event: fingerprint },
    counts: { observed: 10, affected: 10 },
    firstSeen: '2026-01-01T00:00:00.000Z',
    lastSeen: '2026-01-02T00:00:00.000Z',
    planVersion: 'v1',
    details: {},
    ...overrides,
  };
}

const store = (companyId: string, version: string, findings: JudgedFinding[]) =>
  inCompany(db.pool, companyId, (client) => storeJudgement(client, companyId, version, findings));

async function allFindings(companyId: string) {
  const page = await listFindings({ db: db.pool }, companyId, { limit: 200 });
  return Object.fromEntries(page.items.map((f) => [f.subject.event, f]));
}

describe('storing judgements', () => {
  it('keeps triage across judgements, resolves what is no longer raised and reopens what comes back', async () => {
    const companyId = randomUUID();
    await store(companyId, 'v1', [judged('a'), judged('b'), judged('c')]);
    let found = await allFindings(companyId);
    expect(Object.keys(found).sort()).toEqual(['a', 'b', 'c']);
    expect(found.a).toMatchObject({ state: 'open', planVersion: 'v1', counts: { observed: 10, affected: 10 } });

    await updateFinding({ db: db.pool }, companyId, found.a.id, { state: 'acknowledged' });
    await updateFinding({ db: db.pool }, companyId, found.b.id, { state: 'ignored' });

    await store(companyId, 'v2', [judged('a', { counts: { observed: 20, affected: 5, rate: 0.25 } }), judged('b')]);
    found = await allFindings(companyId);
    expect(found.a).toMatchObject({ state: 'acknowledged', planVersion: 'v2', counts: { observed: 20, affected: 5 } });
    expect(found.b).toMatchObject({ state: 'ignored', planVersion: 'v2' });
    expect(found.c).toMatchObject({ state: 'resolved', planVersion: 'v2' });
    const ids = Object.fromEntries(Object.entries(found).map(([k, f]) => [k, f.id]));

    await store(companyId, 'v3', [judged('a'), judged('c')]);
    found = await allFindings(companyId);
    expect(found.c).toMatchObject({ state: 'open', id: ids.c });
    expect(found.b).toMatchObject({ state: 'resolved' });
    expect(found.a.id).toBe(ids.a);
  });

  it('pages findings by a cursor and filters by type and state; another company sees none', async () => {
    const companyId = randomUUID();
    await store(companyId, 'v1', [
      ...Array.from({ length: 7 }, (_, i) => judged(`u${i}`)),
      ...Array.from({ length: 3 }, (_, i) => judged(`m${i}`, { type: 'missing_required' })),
    ]);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listFindings({ db: db.pool }, companyId, { limit: 3, cursor });
      seen.push(...page.items.map((f) => f.subject.event));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen.sort()).toEqual([...['m0', 'm1', 'm2'], ...Array.from({ length: 7 }, (_, i) => `u${i}`)].sort());

    const missing = await listFindings({ db: db.pool }, companyId, { type: 'missing_required' });
    expect(missing.items.map((f) => f.subject.event).sort()).toEqual(['m0', 'm1', 'm2']);
    expect((await listFindings({ db: db.pool }, companyId, { state: 'ignored' })).items).toEqual([]);
    expect((await listFindings({ db: db.pool }, randomUUID(), {})).items).toEqual([]);
    await expect(listFindings({ db: db.pool }, companyId, { cursor: 'garbage' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_cursor',
    });
  });

  it('answers 404 for a finding of another company', async () => {
    const owner = randomUUID();
    await store(owner, 'v1', [judged('x')]);
    const [finding] = (await listFindings({ db: db.pool }, owner, {})).items;
    await expect(updateFinding({ db: db.pool }, randomUUID(), finding.id, { state: 'ignored' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'finding_not_found',
    });
    expect((await allFindings(owner)).x.state).toBe('open');
  });

  it('lists plan against reality by match and name, page by page', async () => {
    const companyId = randomUUID();
    await inCompany(db.pool, companyId, (client) =>
      replaceObservedEvents(client, companyId, [
        ...Array.from({ length: 5 }, (_, i) => ({
          name: `Checkout Step ${i}`,
          kind: 'track',
          match: 'matched' as const,
          planEventId: `e${i}`,
          volume: 100 + i,
          firstSeen: 1_700_000_000_000,
          lastSeen: 1_700_000_100_000,
          properties: [{ path: 'step', presence: 100, types: { integer: 84, string: 16 } }],
        })),
        {
          name: 'Promo Clicked',
          kind: 'track',
          match: 'unplanned',
          planEventId: null,
          volume: 3,
          firstSeen: 1_700_000_000_000,
          lastSeen: 1_700_000_000_000,
          properties: [],
        },
        {
          name: 'Refund Issued',
          kind: 'track',
          match: 'planned_unseen',
          planEventId: 'e9',
          volume: 0,
          firstSeen: null,
          lastSeen: null,
          properties: [],
        },
      ]),
    );
    const unplanned = await listObservedEvents({ db: db.pool }, companyId, { match: 'unplanned' });
    expect(unplanned.items.map((e) => e.name)).toEqual(['Promo Clicked']);
    const unseen = await listObservedEvents({ db: db.pool }, companyId, { match: 'planned_unseen' });
    expect(unseen.items[0]).toMatchObject({ name: 'Refund Issued', volume: 0, firstSeen: null, planEventId: 'e9' });

    const first = await listObservedEvents({ db: db.pool }, companyId, { q: 'checkout', limit: 3 });
    expect(first.items.map((e) => e.name)).toEqual(['Checkout Step 0', 'Checkout Step 1', 'Checkout Step 2']);
    expect(first.items[0].properties).toEqual([{ path: 'step', presence: 100, types: { integer: 84, string: 16 } }]);
    const second = await listObservedEvents({ db: db.pool }, companyId, {
      q: 'checkout',
      limit: 3,
      cursor: first.nextCursor!,
    });
    expect(second.items.map((e) => e.name)).toEqual(['Checkout Step 3', 'Checkout Step 4']);
    expect(second.nextCursor).toBeNull();
    // A pattern character in the search is a plain character.
    expect((await listObservedEvents({ db: db.pool }, companyId, { q: '%' })).items).toEqual([]);
  });
});
