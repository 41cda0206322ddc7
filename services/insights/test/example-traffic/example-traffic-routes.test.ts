import { randomUUID } from 'node:crypto';
import type { Finding, FindingPage, Run } from '@tracemap/contracts';
import { EXAMPLE_DEFECTS, examplePlanSnapshot } from '@tracemap/discovery';
import { waitFor } from '@tracemap/test-kit';
import { startDiscoveryHarness, type DiscoveryHarness, type TestUser } from '../ingest/support/discovery-harness';

let h: DiscoveryHarness;
beforeAll(async () => {
  h = await startDiscoveryHarness();
});
afterAll(async () => {
  await h.close();
});

/** A company with a running subscription whose plan is the sample e-commerce plan. */
function samplePlanCompany(): string {
  const companyId = randomUUID();
  h.peer.subscriptions.set(companyId, 'active');
  h.peer.snapshots.set(companyId, { ...examplePlanSnapshot(), companyId, version: 'v1' });
  return companyId;
}

const start = (user: TestUser | null, companyId: string) =>
  h.call(user, { method: 'POST', url: `/api/insights/${companyId}/discovery/example-traffic` });

const runCount = async (companyId: string) =>
  (
    await h.admin.query<{ n: number }>('SELECT count(*)::int AS n FROM insights.runs WHERE company_id = $1', [
      companyId,
    ])
  ).rows[0].n;

describe('POST /api/insights/:companyId/discovery/example-traffic', () => {
  it('answers 202 with a run that reads the example traffic, and the findings it leads to show up', async () => {
    const companyId = samplePlanCompany();
    const editor = await h.user(companyId, 'creator');
    const response = await start(editor, companyId);
    expect(response.statusCode).toBe(202);
    const { runId } = response.json<{ runId: string }>();

    const runOf = async () =>
      (await h.call(editor, { method: 'GET', url: `/api/insights/${companyId}/discovery/runs/${runId}` })).json<Run>();
    const run = await waitFor(runOf, {
      until: (r) => r.status !== 'queued' && r.status !== 'running',
      timeoutMs: 90_000,
    });
    expect(run).toMatchObject({ status: 'succeeded', format: 'segment', events: 20_000, badLines: 0 });

    const findingsOf = async () =>
      (
        await h.call(editor, { method: 'GET', url: `/api/insights/${companyId}/discovery/findings?limit=200` })
      ).json<FindingPage>().items;
    const findings = await waitFor(findingsOf, { until: (items) => items.length > 0, timeoutMs: 30_000 });
    // The event the generator sends under a new name is judged against the plan.
    const renamed = EXAMPLE_DEFECTS.renamedEvent.sentAs;
    expect(findings.some((f: Finding) => f.subject.event === renamed)).toBe(true);
    expect(findings.every((f: Finding) => f.state === 'open')).toBe(true);
  }, 150_000);

  it('is refused to a viewer (403) and a non-member (404), and without a running subscription (402), storing no run', async () => {
    const companyId = samplePlanCompany();
    const viewer = await h.user(companyId, 'viewer');
    const stranger = await h.user(randomUUID(), 'owner');
    expect((await start(viewer, companyId)).statusCode).toBe(403);
    expect((await start(stranger, companyId)).statusCode).toBe(404);
    expect((await start(null, companyId)).statusCode).toBe(401);

    // A company with no subscription at all.
    const unpaid = randomUUID();
    const owner = await h.user(unpaid, 'owner');
    const refused = await start(owner, unpaid);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ statusCode: 402, code: 'subscription_required' });
    expect(await runCount(companyId)).toBe(0);
    expect(await runCount(unpaid)).toBe(0);
  });
});
