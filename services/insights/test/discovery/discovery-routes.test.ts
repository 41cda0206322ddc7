import { randomUUID } from 'node:crypto';
import {
  COMPANY_PLAN_EVENTS_CHANNEL,
  type Finding,
  type ObservedEventItem,
  type PlanSnapshot,
} from '@tracemap/contracts';
import { examplePlanSnapshot, generateExampleTraffic } from '@tracemap/discovery';
import { waitFor } from '@tracemap/test-kit';
import { startDiscoveryHarness, type DiscoveryHarness, type TestUser } from '../ingest/support/discovery-harness';

let h: DiscoveryHarness;
let companyId: string;
let plan: PlanSnapshot;
let editor: TestUser;
let viewer: TestUser;
beforeAll(async () => {
  h = await startDiscoveryHarness();
  companyId = randomUUID();
  plan = { ...examplePlanSnapshot(), companyId };
  h.peer.subscriptions.set(companyId, 'active');
  h.peer.snapshots.set(companyId, plan);
  editor = await h.user(companyId, 'creator');
  viewer = await h.user(companyId, 'viewer');
  const traffic = [...generateExampleTraffic({ seed: 3, events: 1500, format: 'segment' })];
  const upload = await h.call(editor, {
    method: 'POST',
    url: `/api/insights/${companyId}/discovery/uploads`,
    headers: { 'content-type': 'application/x-ndjson' },
    payload: traffic.map((r) => JSON.stringify(r)).join('\n'),
  });
  expect(upload.statusCode).toBe(202);
  await waitFor(() => findings(viewer), {
    until: (items) => items.length > 0,
    timeoutMs: 30_000,
    message: 'no findings after the upload',
  });
});
afterAll(async () => {
  await h.close();
});

async function findings(user: TestUser, query = ''): Promise<Finding[]> {
  const items: Finding[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `${query ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : '';
    const response = await h.call(user, {
      method: 'GET',
      url: `/api/insights/${companyId}/discovery/findings${query}${after}`,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

async function events(query: string): Promise<ObservedEventItem[]> {
  const response = await h.call(viewer, { method: 'GET', url: `/api/insights/${companyId}/discovery/events${query}` });
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

describe('findings and plan against reality', () => {
  it('lists findings for members, filtered by type and state, judged against the plan version', async () => {
    const all = await findings(viewer);
    expect(all.every((f) => f.planVersion === plan.version && f.state === 'open')).toBe(true);
    const unplanned = await findings(viewer, '?type=unplanned_event&limit=2');
    expect(unplanned.length).toBeGreaterThan(0);
    expect(unplanned.every((f) => f.type === 'unplanned_event')).toBe(true);
    expect(unplanned.length).toBe(all.filter((f) => f.type === 'unplanned_event').length);
    const stranger = await h.user(randomUUID(), 'owner');
    const refused = await h.call(stranger, { method: 'GET', url: `/api/insights/${companyId}/discovery/findings` });
    expect(refused.statusCode).toBe(404);
    const badType = await h.call(viewer, {
      method: 'GET',
      url: `/api/insights/${companyId}/discovery/findings?type=everything`,
    });
    expect(badType.statusCode).toBe(400);
  });

  it('lets editors triage a finding and keeps that state; viewers may not', async () => {
    const [first] = await findings(viewer, '?state=open&limit=1');
    const url = `/api/insights/${companyId}/discovery/findings/${first.id}`;
    expect((await h.call(viewer, { method: 'PATCH', url, payload: { state: 'ignored' } })).statusCode).toBe(403);
    const changed = await h.call(editor, { method: 'PATCH', url, payload: { state: 'ignored' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: first.id, state: 'ignored' });
    expect((await findings(viewer, '?state=ignored')).map((f) => f.id)).toEqual([first.id]);
    const extra = await h.call(editor, { method: 'PATCH', url, payload: { state: 'open', type: 'pii_suspect' } });
    expect(extra.statusCode).toBe(400);
    const missing = await h.call(editor, {
      method: 'PATCH',
      url: `/api/insights/${companyId}/discovery/findings/${randomUUID()}`,
      payload: { state: 'open' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers plan against reality per event: matched with volumes and property types, unplanned, planned unseen', async () => {
    const matched = await events('?match=matched&limit=200');
    expect(matched.length).toBeGreaterThan(0);
    const withProps = matched.find((e) => e.properties.length > 0)!;
    expect(withProps.volume).toBeGreaterThan(0);
    expect(withProps.planEventId).not.toBeNull();
    const property = withProps.properties[0];
    expect(Object.values(property.types).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const unplanned = await events('?match=unplanned&limit=200');
    const unplannedFindings = (await findings(viewer, '?type=unplanned_event')).map((f) => f.subject.event);
    expect(unplanned.map((e) => e.name).sort()).toEqual(expect.arrayContaining(unplannedFindings.sort()));
    // Every planned event is either matched by what was seen or listed as never seen.
    const unseen = await events('?match=planned_unseen&limit=200');
    expect(unseen.every((e) => e.volume === 0 && e.planEventId !== null)).toBe(true);
    const covered = new Set([...matched, ...unseen].map((e) => e.planEventId));
    expect(plan.events.filter((e) => !covered.has(e.id)).map((e) => e.name)).toEqual([]);
    const named = await events(`?q=${encodeURIComponent(withProps.name.slice(0, 4).toLowerCase())}`);
    expect(named.map((e) => e.name)).toContain(withProps.name);
  });

  it('sums the whole plan against reality and the open findings into the page figures', async () => {
    const response = await h.call(viewer, { method: 'GET', url: `/api/insights/${companyId}/discovery/overview` });
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    const matched = await events('?match=matched&limit=200');
    const unplanned = await events('?match=unplanned&limit=200');
    const unseen = await events('?match=planned_unseen&limit=200');
    const volume = (items: ObservedEventItem[]) => items.reduce((total, e) => total + e.volume, 0);
    const open = await findings(viewer, '?state=open');
    expect(overview).toEqual({
      observedEvents: matched.length + unplanned.length,
      observedVolume: volume(matched) + volume(unplanned),
      plannedVolume: volume(matched),
      plannedEvents: new Set([...matched, ...unseen].map((e) => e.planEventId)).size,
      plannedSeen: new Set(matched.map((e) => e.planEventId)).size,
      unplannedEvents: unplanned.length,
      openBySeverity: {
        low: open.filter((f) => f.severity === 'low').length,
        medium: open.filter((f) => f.severity === 'medium').length,
        high: open.filter((f) => f.severity === 'high').length,
      },
      planVersion: plan.version,
    });
    expect(overview.observedVolume).toBeGreaterThan(0);
  });

  it('judges again when the company announces a plan change: what the plan now covers resolves', async () => {
    const [unplanned] = await findings(viewer, '?type=unplanned_event&state=open&limit=1');
    const changed: PlanSnapshot = {
      ...plan,
      version: `${plan.version}-next`,
      events: [...plan.events, { ...plan.events[0], id: randomUUID(), name: unplanned.subject.event, effective: [] }],
    };
    h.peer.snapshots.set(companyId, changed);
    await h.admin.query('SELECT pg_notify($1, $2)', [COMPANY_PLAN_EVENTS_CHANNEL, `plan:${companyId}`]);
    const after = await waitFor(async () => (await findings(viewer)).find((f) => f.id === unplanned.id), {
      until: (f) => f?.state === 'resolved',
      timeoutMs: 15_000,
      message: 'the finding never resolved',
    });
    expect(after!.planVersion).toBe(changed.version);
    const matched = await events(`?match=matched&q=${encodeURIComponent(unplanned.subject.event)}`);
    expect(matched.map((e) => e.name)).toContain(unplanned.subject.event);
  });
});
