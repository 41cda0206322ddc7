import type {
  DiscoveryEventInput,
  DiscoveryEventOutput,
  ObservedEventItem,
  SnapshotEffectiveAttribute,
  SnapshotEvent,
} from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { canSeeAttribute } from '../roles';
import { foldName } from '../plan/tokens';
import { findEvent } from './resolve';
import type { ToolResult } from './tool-result';

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);
const minIso = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);
const maxIso = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The observed rows of a planned event (every name matched to it), else of an observed name. */
function rowsFor(ctx: ToolContext, subject: string, event: SnapshotEvent | null): ObservedEventItem[] {
  const discovery = ctx.discovery;
  if (!discovery) return [];
  if (event) return discovery.byPlanEvent.get(event.id) ?? [];
  const byFolded = discovery.byFolded.get(foldName(subject)) ?? [];
  const exact = byFolded.filter((row) => row.name === subject);
  return exact.length > 0 ? exact : byFolded;
}

/**
 * One event as observed, against its plan: volume, properties with presence
 * and types, planned attributes never seen and observed properties the plan
 * lacks. A viewer sees nothing of attributes hidden from viewers.
 */
export function discoveryEvent(ctx: ToolContext, input: DiscoveryEventInput): ToolResult<DiscoveryEventOutput> {
  const event = findEvent(ctx, input.event);
  const rows = rowsFor(ctx, input.event, event);
  const planEvent = event ? { id: event.id, name: event.name } : null;
  const plannedByFolded = new Map<
    string,
    { id: string; name: string; presence: SnapshotEffectiveAttribute['presence']; hidden: boolean }
  >();
  for (const effective of event?.effective ?? []) {
    const attribute = ctx.plan.attributesById.get(effective.attributeId);
    if (!attribute) continue;
    plannedByFolded.set(foldName(attribute.name), {
      id: attribute.id,
      name: attribute.name,
      presence: effective.presence,
      hidden: !canSeeAttribute(attribute, ctx.role),
    });
  }
  let volume = 0;
  let firstSeen: string | null = null;
  let lastSeen: string | null = null;
  const names: string[] = [];
  const properties = new Map<string, { presence: number; types: Record<string, number> }>();
  for (const row of rows) {
    if (row.match === 'planned_unseen') continue;
    names.push(row.name);
    volume += row.volume;
    firstSeen = minIso(firstSeen, row.firstSeen);
    lastSeen = maxIso(lastSeen, row.lastSeen);
    for (const property of row.properties) {
      const found = properties.get(property.path) ?? { presence: 0, types: {} };
      found.presence += property.presence;
      for (const [type, count] of Object.entries(property.types)) found.types[type] = (found.types[type] ?? 0) + count;
      properties.set(property.path, found);
    }
  }
  const seenFolded = new Set<string>();
  const propertyRows: DiscoveryEventOutput['properties'] = [];
  const unplannedProperties: string[] = [];
  for (const [path, found] of [...properties].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // Items of a planned array or fields of a planned object belong to it (`products[].price`).
    const planned = plannedByFolded.get(foldName(path)) ?? plannedByFolded.get(foldName(path.split(/[.[]/)[0]));
    if (planned?.hidden) continue;
    if (planned) seenFolded.add(foldName(planned.name));
    propertyRows.push({
      path,
      presence: found.presence,
      presenceShare: share(found.presence, volume),
      types: found.types,
      planned: !!planned,
    });
    if (!planned) unplannedProperties.push(path);
  }
  const plannedNotSeen = [...plannedByFolded]
    .filter(([folded, planned]) => !planned.hidden && !seenFolded.has(folded))
    .map(([, planned]) => ({ id: planned.id, name: planned.name, presence: planned.presence }));
  return {
    output: {
      found: rows.length > 0 || event !== null,
      planEvent,
      observedNames: names,
      volume,
      firstSeen,
      lastSeen,
      properties: propertyRows,
      plannedNotSeen,
      unplannedProperties,
    },
    references: [
      ...(planEvent ? [{ kind: 'event' as const, id: planEvent.id }] : []),
      ...plannedNotSeen.map((a) => ({ kind: 'attribute' as const, id: a.id })),
    ],
  };
}
