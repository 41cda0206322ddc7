import type { AddToPlanAnswer, DiscoveryIntakeChange, Finding, IntakeAttribute } from '@tracemap/contracts';
import { matchEvent, mergePropertyRows, type ProfileProperty } from '@tracemap/discovery';
import { listNameMappings } from '../discovery/findings-repository';
import { inCompany } from '../ingest/tenant-transaction';
import { intakeAttribute, isTopLevel } from './observed-shape';
import { judgeAgain, requireFinding, type TriageDeps, type Triager } from './triage-context';
import { triageError } from './triage-errors';
import { eventNamesWithProperty, observedEventsNamed, observedPropertiesOf } from './triage-repository';

/**
 * Add to plan: an unplanned event becomes a planned one with the attributes its observed
 * properties suggest; an unplanned property becomes an attribute linked to its event. The
 * company service writes both through its own use cases (its validation errors come back
 * as they are), then the company is judged again against the new plan, which resolves the finding.
 */
export async function addFindingToPlan(deps: TriageDeps, who: Triager, findingId: string): Promise<AddToPlanAnswer> {
  const finding = await requireFinding(deps, who.companyId, findingId);
  const change = await intakeChange(deps, who.companyId, finding);
  const answer = await deps.peers.discoveryIntake(who.companyId, { userId: who.userId, change }, who.requestId);
  const after = await judgeAgain(deps, who.companyId, finding.id, { planChanged: true });
  return {
    event: answer.event,
    attributes: answer.attributes,
    ...(answer.proposal ? { proposal: answer.proposal } : {}),
    finding: after,
  };
}

async function intakeChange(deps: TriageDeps, companyId: string, finding: Finding): Promise<DiscoveryIntakeChange> {
  if (finding.type === 'unplanned_event') return addEventChange(deps, companyId, finding.subject.event);
  if (finding.type === 'unplanned_property' && finding.subject.property && finding.details.planEventId)
    return addPropertyChange(deps, companyId, finding.details.planEventId, finding.subject.property);
  throw triageError('not_addable');
}

async function addEventChange(deps: TriageDeps, companyId: string, name: string): Promise<DiscoveryIntakeChange> {
  const { events, properties } = await inCompany(deps.db, companyId, async (client) => ({
    events: await observedEventsNamed(client, [name]),
    properties: await observedPropertiesOf(client, [name], null),
  }));
  if (events.length === 0) throw triageError('nothing_observed');
  // The kind it came as most often, over every source.
  const byKind = new Map<string, number>();
  for (const e of events) byKind.set(e.kind, (byKind.get(e.kind) ?? 0) + e.total);
  const kind = events.map((e) => e.kind).sort((a, b) => (byKind.get(b) ?? 0) - (byKind.get(a) ?? 0))[0];
  const total = events.filter((e) => e.kind === kind).reduce((sum, e) => sum + e.total, 0);
  const merged = mergeByPath(properties.filter((p) => p.kind === kind));
  const attributes: IntakeAttribute[] = [...merged.values()]
    .filter((row) => isTopLevel(row.path))
    .map((row) => intakeAttribute(row, total, merged.get(`${row.path}[]`)));
  return {
    action: 'add-event',
    // Seen in production already: the plan records it as live.
    event: { name, kind, status: 'live', description: `Added from observed traffic (${total} events).` },
    attributes,
  };
}

async function addPropertyChange(
  deps: TriageDeps,
  companyId: string,
  eventId: string,
  path: string,
): Promise<DiscoveryIntakeChange> {
  const plan = await deps.planSnapshots.get(companyId);
  const { names, mappings } = await inCompany(deps.db, companyId, async (client) => ({
    names: await eventNamesWithProperty(client, path),
    mappings: await listNameMappings(client),
  }));
  const nameMappings = mappings.map((m) => ({
    sourceId: m.sourceId === '' ? null : m.sourceId,
    observedName: m.observedName,
    eventId: m.planEventId,
  }));
  const { events, properties } = await inCompany(deps.db, companyId, async (client) => ({
    events: await observedEventsNamed(client, names),
    properties: await observedPropertiesOf(client, names, [path]),
  }));
  // Only the observed events recognised as this planned event.
  const ofEvent = events.filter(
    (e) => matchEvent(e.name, e.kind, plan, nameMappings, { sourceId: e.sourceId }).event?.id === eventId,
  );
  const key = (p: { sourceId: string; kind: string; name?: string; event?: string }) =>
    `${p.sourceId}\u0000${p.kind}\u0000${p.name ?? p.event}`;
  const keys = new Set(ofEvent.map(key));
  const rows = properties.filter((p) => keys.has(key(p)));
  if (rows.length === 0) throw triageError('nothing_observed');
  const row = rows.reduce((a, b) => mergePropertyRows(a, b));
  const total = ofEvent.reduce((sum, e) => sum + e.total, 0);
  return { action: 'add-properties', eventId, attributes: [intakeAttribute(row, total)] };
}

function mergeByPath(rows: readonly ProfileProperty[]): Map<string, ProfileProperty> {
  const out = new Map<string, ProfileProperty>();
  for (const row of rows) {
    const known = out.get(row.path);
    out.set(row.path, known ? mergePropertyRows(known, row) : row);
  }
  return out;
}
