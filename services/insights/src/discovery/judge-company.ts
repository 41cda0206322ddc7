import { judge, matchEvent, type NameMapping } from '@tracemap/discovery';
import type { JudgedFinding, PlanSnapshot } from '@tracemap/contracts';
import { readProfile } from '../ingest/profile-repository';
import { inCompany } from '../ingest/tenant-transaction';
import type { DiscoveryDeps } from './discovery-deps';
import { judgedVersion, listNameMappings, storeJudgement, type StoredNameMapping } from './findings-repository';
import { buildObservedIndex, type ObservedIndexRow } from './observed-index';
import { awaitDailyDigest } from '../notifications/findings-digest';
import { replaceObservedEvents } from './observed-events-repository';

const toNameMappings = (stored: StoredNameMapping[]): NameMapping[] =>
  stored.map((m) => ({
    // Stored with '' for every source.
    sourceId: m.sourceId === '' ? null : m.sourceId,
    observedName: m.observedName,
    eventId: m.planEventId,
  }));

/**
 * Judges the company's whole profile against its current plan and stores the
 * outcome: findings by fingerprint (triage kept, the ones no longer raised
 * resolved) and the plan-against-reality rows. The profile is read in one
 * transaction and the outcome written in another, so no transaction stays
 * open while the plan is fetched or the judgement computed.
 */
export async function judgeCompany(
  deps: DiscoveryDeps,
  companyId: string,
  options: { onlyIfPlanChanged?: boolean; now?: number } = {},
): Promise<{ planVersion: string; findings: number } | null> {
  const outcome = await judgeProfile(deps, companyId, options);
  if (outcome === null) return null;
  const { plan, findings, index } = outcome;
  await inCompany(deps.db, companyId, async (client) => {
    await storeJudgement(client, companyId, plan.version, findings);
    await replaceObservedEvents(client, companyId, index);
    await awaitDailyDigest(client, companyId);
  });
  deps.pages?.changed(companyId);
  return { planVersion: plan.version, findings: findings.length };
}

/**
 * Reads the profile and judges it. The profile, the largest of what a judgement holds, is reachable from
 * here only: it can be collected while the outcome is written.
 */
async function judgeProfile(
  deps: DiscoveryDeps,
  companyId: string,
  options: { onlyIfPlanChanged?: boolean; now?: number },
): Promise<{ plan: PlanSnapshot; findings: JudgedFinding[]; index: ObservedIndexRow[] } | null> {
  const read = await inCompany(deps.db, companyId, async (client) => ({
    judged: await judgedVersion(client),
    // Findings and the plan-against-reality rows come from events and properties only.
    profile: await readProfile(client, { transitions: false, examples: false }),
    mappings: await listNameMappings(client),
  }));
  // A company that never sent anything has nothing to judge (a plan change of it costs no plan read).
  if (read.judged === null && read.profile.events.length === 0) return null;
  const plan = await deps.planSnapshots.get(companyId);
  if (options.onlyIfPlanChanged && read.judged === plan.version) return null;
  const nameMappings = toNameMappings(read.mappings);
  const findings = judge(read.profile, plan, { nameMappings, now: options.now ?? Date.now() });
  const index = buildObservedIndex(read.profile, plannedEvents(plan), (event) => {
    // A page or screen event is recognised by the view it was sent from most.
    const view = event.views.length > 0 ? [...event.views].sort((a, b) => b.count - a.count)[0].view : null;
    return matchEvent(event.name, event.kind, plan, nameMappings, { sourceId: event.sourceId, view }).event?.id ?? null;
  });
  return { plan, findings, index };
}

const plannedEvents = (plan: PlanSnapshot) => plan.events.map((e) => ({ id: e.id, name: e.name, kind: e.kind }));
