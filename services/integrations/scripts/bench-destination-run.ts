/**
 * A push of the benchmarks' 10,000-event plan to Segment (the local stand-in) as a stored run:
 * queued through the API, claimed by the worker, every operation's outcome stored, the lease
 * renewed. Next to it, measured in the same process, the bare push (`pushDestination` with no
 * run around it): the ratio is the cost of the run's storage on this machine. Target: the run
 * takes at most twice the bare push.
 *
 *   DATABASE_URL=postgres://… node --import tsx scripts/bench-destination-run.ts
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { emptyState, LOCAL_DESTINATIONS as L } from '@tracemap/destinations-sandbox';
import { planSnapshotOf } from '@tracemap/discovery';
import { largePlan } from '@tracemap/tracking-plan';
import { pushDestination } from '../src/destinations';
import { startHarness } from '../test/support/harness';

const TARGET_RATIO = 2;

async function main(): Promise<void> {
  const h = await startHarness();
  try {
    const snapshot = planSnapshotOf(largePlan());
    const settings = { kind: 'segment' as const, trackingPlanId: L.segment.trackingPlanId };
    const credentials = { kind: 'segment' as const, token: L.segment.token };

    Object.assign(h.destinations.state, emptyState());
    let started = process.hrtime.bigint();
    const bare = await pushDestination({ settings, credentials, baseUrl: h.destinations.url, snapshot });
    const bareSeconds = Number(process.hrtime.bigint() - started) / 1e9;

    Object.assign(h.destinations.state, emptyState());
    const companyId = randomUUID();
    h.peer.plans.set(companyId, snapshot);
    const admin = await h.user(companyId, 'admin');
    const created = await h.call(admin, {
      method: 'POST',
      url: `/api/integrations/${companyId}/destinations`,
      payload: { type: 'segment', name: 'Bench', settings, credentials },
    });
    const id = created.json<{ id: string }>().id;
    started = process.hrtime.bigint();
    const queued = await h.call(admin, {
      method: 'POST',
      url: `/api/integrations/${companyId}/destinations/${id}/sync`,
    });
    const { runId } = queued.json<{ runId: string }>();
    await h.deps.sync.drain();
    const runSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const run = (
      await h.call(admin, { method: 'GET', url: `/api/integrations/${companyId}/sync-runs/${runId}` })
    ).json<{
      status: string;
      applied: number;
    }>();

    const [one, five, fifteen] = loadavg().map((l) => l.toFixed(2));
    const ratio = runSeconds / bareSeconds;
    console.log(`destination run: ${snapshot.events.length} events to Segment (local stand-in)`);
    console.log(`load average ${one} ${five} ${fifteen}`);
    console.log(`bare push (baseline): ${bare.outcomes.length} operations in ${bareSeconds.toFixed(2)} s`);
    console.log(`stored run: ${run.status}, ${run.applied} operations applied in ${runSeconds.toFixed(2)} s`);
    console.log(`ratio ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}): ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`);
    if (run.status !== 'succeeded' || run.applied !== bare.outcomes.length) process.exitCode = 1;
  } finally {
    await h.close();
  }
}

void main();
