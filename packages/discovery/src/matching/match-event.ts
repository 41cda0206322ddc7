import type { PlanSnapshot, PlanView, SnapshotEvent } from '@tracemap/contracts';
import { foldName, similarFoldedNames } from '@tracemap/tracking-plan';
import type { ObservedKind } from '../observed-event';
import { deletionKeys, planIndex } from './plan-index';
import { matchesUrlPattern } from './url-pattern';

/** An observed name mapped to a planned event by someone triaging (for one source, or every source when null). */
export interface NameMapping {
  sourceId?: string | null;
  observedName: string;
  eventId: string;
}

/**
 * How an observed event was recognised:
 * - `exact`: a planned event has its name;
 * - `folded`: only the folded names are equal (`productViewed` for `Product Viewed`);
 * - `mapping`: a name mapping says which event it is;
 * - `kind`: an identify or group call, matched to the plan's event of that kind;
 * - `view`: a page or screen event recognised by its view (URL pattern or screen name);
 * - `none`: unplanned; `similar` may then suggest a planned event one edit away.
 */
export type MatchHow = 'exact' | 'folded' | 'mapping' | 'kind' | 'view' | 'none';

export interface EventMatch {
  how: MatchHow;
  event: SnapshotEvent | null;
  view: PlanView | null;
  /** A suggestion only: never counts as a match. */
  similar: SnapshotEvent | null;
}

export interface MatchContext {
  sourceId?: string | null;
  /** For page and screen events: the view they were sent from (a URL path or a screen name). */
  view?: string | null;
}

export function matchEvent(
  name: string,
  kind: ObservedKind,
  plan: PlanSnapshot,
  mappings: readonly NameMapping[] = [],
  context: MatchContext = {},
): EventMatch {
  const index = planIndex(plan);
  const exact = index.eventsByName.get(name);
  if (exact) return { how: 'exact', event: exact, view: null, similar: null };
  // Pipes name identify and group calls after their kind, not after the plan's event.
  if (kind === 'identify' || kind === 'group') {
    const ofKind = index.eventsByKind.get(kind);
    if (ofKind) return { how: 'kind', event: ofKind, view: null, similar: null };
  }
  const folded = foldName(name);
  const byFolded = index.eventsByFolded.get(folded);
  if (byFolded) return { how: 'folded', event: byFolded, view: null, similar: null };
  const mapped = mappedEvent(name, plan, mappings, context.sourceId ?? null);
  if (mapped) return { how: 'mapping', event: mapped, view: null, similar: null };
  if (kind === 'page' || kind === 'screen') {
    const view = matchView(context.view ?? name, plan) ?? (context.view ? matchView(name, plan) : null);
    if (view) return { how: 'view', event: viewEvent(view, kind, plan), view, similar: null };
  }
  return { how: 'none', event: null, view: null, similar: similarEvent(folded, plan) };
}

/** The plan's view a page or screen was sent from: by URL pattern for a path, else by (folded) view name. */
export function matchView(viewKey: string, plan: PlanSnapshot): PlanView | null {
  const index = planIndex(plan);
  if (viewKey.startsWith('/') || viewKey.includes('://')) {
    for (const { view, pattern } of index.viewPatterns) if (matchesUrlPattern(pattern, viewKey)) return view;
    return null;
  }
  return index.viewsByFolded.get(foldName(viewKey)) ?? null;
}

/** The page (or screen) event that fires on a view, the one of the observed kind first. */
export function viewEvent(view: PlanView, kind: ObservedKind, plan: PlanSnapshot): SnapshotEvent | null {
  const events = planIndex(plan).viewEvents.get(view.id) ?? [];
  return events.find((e) => e.kind === kind) ?? events[0] ?? null;
}

function mappedEvent(
  name: string,
  plan: PlanSnapshot,
  mappings: readonly NameMapping[],
  sourceId: string | null,
): SnapshotEvent | null {
  const index = planIndex(plan);
  let general: SnapshotEvent | null = null;
  for (const mapping of mappings) {
    if (mapping.observedName !== name) continue;
    const event = index.eventsById.get(mapping.eventId);
    if (!event) continue;
    // A mapping for this very source wins over one for every source.
    if (mapping.sourceId && mapping.sourceId === sourceId) return event;
    if (!mapping.sourceId) general ??= event;
  }
  return general;
}

/** A planned event whose name is one edit or a plural away: a suggestion, never a match. */
export function similarEvent(folded: string, plan: PlanSnapshot): SnapshotEvent | null {
  const index = planIndex(plan);
  // Plurals in "es" are two characters apart, so they are looked up directly.
  for (const candidate of [`${folded}es`, folded.endsWith('es') ? folded.slice(0, -2) : null]) {
    const event = candidate ? index.eventsByFolded.get(candidate) : undefined;
    if (event && similarFoldedNames(folded, candidate!)) return event;
  }
  const keys = index.similarKeys();
  let best: SnapshotEvent | null = null;
  for (const key of deletionKeys(folded)) {
    for (const event of keys.get(key) ?? []) {
      if (!similarFoldedNames(folded, foldName(event.name))) continue;
      // The same suggestion whatever the order of the plan: the first name alphabetically.
      if (best === null || event.name < best.name) best = event;
    }
  }
  return best;
}
