import { createHash } from 'node:crypto';
import type { Finding, ObservedEventItem, ObservedProperty, PlanSnapshot } from '@tracemap/contracts';
import {
  adaptRecord,
  createProfileBuilder,
  examplePlanSnapshot,
  generateExampleTraffic,
  judge,
  matchEvent,
  type Profile,
} from '@tracemap/discovery';
import type { AssistantData } from '../../src';

// The sample e-commerce plan (as discovery's example snapshot builds it from
// the tracking-plan package's sample) and its example traffic, profiled and
// judged by discovery's own code, shaped the way the insights service stores
// plan against reality and findings.

export const EXAMPLE_SEED = 11;
export const EXAMPLE_EVENTS = 12_000;
const NOW = Date.UTC(2024, 5, 1);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A stable uuid-shaped id from a text, as storage would give each finding one. */
export function idOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function exampleProfile(): Profile {
  const builder = createProfileBuilder();
  for (const record of generateExampleTraffic({ seed: EXAMPLE_SEED, events: EXAMPLE_EVENTS, format: 'segment' })) {
    for (const event of adaptRecord('segment', record, 'example-segment').events) builder.add(event);
  }
  return builder.drain();
}

/** Per observed (name, kind), summed over sources, with the planned event it matched; then the planned events never seen. */
export function observedRows(profile: Profile, plan: PlanSnapshot): ObservedEventItem[] {
  const rows = new Map<string, ObservedEventItem & { first: number; last: number }>();
  for (const event of profile.events) {
    const key = `${event.kind}\u0000${event.name}`;
    const row = rows.get(key);
    if (row) {
      row.volume += event.total;
      row.first = Math.min(row.first, event.firstSeen);
      row.last = Math.max(row.last, event.lastSeen);
      continue;
    }
    const view = event.views.length > 0 ? [...event.views].sort((a, b) => b.count - a.count)[0].view : null;
    const planEventId =
      matchEvent(event.name, event.kind, plan, [], { sourceId: event.sourceId, view }).event?.id ?? null;
    rows.set(key, {
      name: event.name,
      kind: event.kind,
      match: planEventId ? 'matched' : 'unplanned',
      planEventId,
      volume: event.total,
      firstSeen: null,
      lastSeen: null,
      first: event.firstSeen,
      last: event.lastSeen,
      properties: [],
    });
  }
  const properties = new Map<string, Map<string, ObservedProperty>>();
  for (const property of profile.properties) {
    const key = `${property.kind}\u0000${property.event}`;
    let byPath = properties.get(key);
    if (!byPath) properties.set(key, (byPath = new Map()));
    const found = byPath.get(property.path) ?? { path: property.path, presence: 0, types: {} };
    found.presence += property.present;
    for (const [type, count] of Object.entries(property.types))
      found.types[type] = (found.types[type] ?? 0) + (count ?? 0);
    byPath.set(property.path, found);
  }
  const out: ObservedEventItem[] = [];
  for (const [key, { first, last, ...row }] of rows) {
    out.push({
      ...row,
      firstSeen: iso(first),
      lastSeen: iso(last),
      properties: [...(properties.get(key)?.values() ?? [])].sort((a, b) => (a.path < b.path ? -1 : 1)),
    });
  }
  const seen = new Set(out.map((r) => r.planEventId));
  for (const event of plan.events) {
    if (seen.has(event.id)) continue;
    out.push({
      name: event.name,
      kind: event.kind,
      match: 'planned_unseen',
      planEventId: event.id,
      volume: 0,
      firstSeen: null,
      lastSeen: null,
      properties: [],
    });
  }
  return out;
}

export function storedFindings(profile: Profile, plan: PlanSnapshot): Finding[] {
  return judge(profile, plan, { now: NOW }).map(({ fingerprint, ...finding }) => ({
    ...finding,
    id: idOf(fingerprint),
    state: 'open',
  }));
}

let cached: { data: AssistantData; profile: Profile } | undefined;

/** Built once per test file: profiling the traffic is the slow part. */
export function exampleData(): { data: AssistantData; profile: Profile } {
  if (cached) return cached;
  const plan = examplePlanSnapshot();
  const profile = exampleProfile();
  cached = { data: { plan, observed: observedRows(profile, plan), findings: storedFindings(profile, plan) }, profile };
  return cached;
}
