import type { Finding, ObservedEventItem } from '@tracemap/contracts';
import { foldName } from '../plan/tokens';

/** Discovery data with its lookups: observed rows by plan event and by folded name, findings by event. */
export interface PreparedDiscovery {
  observed: readonly ObservedEventItem[];
  findings: readonly Finding[];
  byPlanEvent: Map<string, ObservedEventItem[]>;
  byFolded: Map<string, ObservedEventItem[]>;
  findingsByEvent: Map<string, Finding[]>;
}

function push<V>(map: Map<string, V[]>, key: string, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const prepared = new WeakMap<readonly ObservedEventItem[], WeakMap<readonly Finding[], PreparedDiscovery>>();

/** Built once per pair of arrays the service holds, like the plan once per snapshot. */
export function prepareDiscovery(
  observed: readonly ObservedEventItem[],
  findings: readonly Finding[],
): PreparedDiscovery {
  const cached = prepared.get(observed)?.get(findings);
  if (cached) return cached;
  const result = buildDiscovery(observed, findings);
  let byFindings = prepared.get(observed);
  if (!byFindings) prepared.set(observed, (byFindings = new WeakMap()));
  byFindings.set(findings, result);
  return result;
}

function buildDiscovery(observed: readonly ObservedEventItem[], findings: readonly Finding[]): PreparedDiscovery {
  const byPlanEvent = new Map<string, ObservedEventItem[]>();
  const byFolded = new Map<string, ObservedEventItem[]>();
  for (const row of observed) {
    if (row.planEventId) push(byPlanEvent, row.planEventId, row);
    push(byFolded, foldName(row.name), row);
  }
  const findingsByEvent = new Map<string, Finding[]>();
  for (const finding of findings) {
    const keys = new Set<string>([foldName(finding.subject.event)]);
    if (finding.details.planEventId) keys.add(finding.details.planEventId);
    for (const name of finding.details.events ?? []) keys.add(foldName(name));
    for (const key of keys) push(findingsByEvent, key, finding);
  }
  return { observed, findings, byPlanEvent, byFolded, findingsByEvent };
}
