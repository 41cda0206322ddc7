import type { CoverageLevel, MapOverlay, OverlayTransition, OverlayView, PlanSnapshot } from '@tracemap/contracts';
import { matchView, type ProfileEvent, type ProfileTransition } from '@tracemap/discovery';

type PlanMap = PlanSnapshot['maps'][number];

export interface OverlayInput {
  plan: PlanSnapshot;
  map: PlanMap;
  /** Planned events matched by observed traffic at the last judgement, with their volume. */
  observedEventIds: ReadonlySet<string>;
  /** Observed page and screen events, with the views (URL paths, screen names) they came from. */
  viewEvents: readonly ProfileEvent[];
  transitions: readonly ProfileTransition[];
}

const VIEW_KINDS = new Set(['page', 'screen']);

/**
 * The observed overlay of one map. Coverage of a view is the share of its planned events
 * that were observed; a page or screen event that fires on many views counts for a view
 * only where that view itself was visited, since seeing it elsewhere says nothing of this one.
 * Transitions are the sessions' moves between two of the map's views (sent as URL paths or
 * screen names, recognised by the views' URL patterns or names), with whether the map draws them.
 */
export function computeOverlay(input: OverlayInput): MapOverlay {
  const { plan, map } = input;
  const nodeIds = new Set(map.nodes.map((n) => n.viewId));
  const recognised = new Map<string, string | null>();
  const viewOf = (key: string | null): string | null => {
    if (key === null) return null;
    if (!recognised.has(key)) recognised.set(key, matchView(key, plan)?.id ?? null);
    return recognised.get(key) ?? null;
  };

  const visits = new Map<string, number>();
  for (const event of input.viewEvents) {
    for (const { view, count } of event.views) {
      const id = viewOf(view);
      if (id) visits.set(id, (visits.get(id) ?? 0) + count);
    }
  }

  const kindOf = new Map(plan.events.map((e) => [e.id, e.kind]));
  const views: OverlayView[] = [];
  for (const viewId of nodeIds) {
    const view = plan.views.find((v) => v.id === viewId);
    const planned = [...new Set((view?.events ?? []).map((link) => link.eventId))];
    const visited = (visits.get(viewId) ?? 0) > 0;
    const observed = planned.filter((id) => {
      if (!input.observedEventIds.has(id)) return false;
      return !VIEW_KINDS.has(kindOf.get(id) ?? '') || visited;
    }).length;
    const coverage = planned.length === 0 ? 0 : Math.round((observed / planned.length) * 10_000) / 10_000;
    views.push({
      viewId,
      plannedEvents: planned.length,
      observedEvents: observed,
      coverage,
      level: levelOf(observed, planned.length),
      visits: visits.get(viewId) ?? 0,
    });
  }

  const edges = new Set(map.edges.map((e) => `${e.from}>${e.to}`));
  const moves = new Map<string, OverlayTransition>();
  for (const t of input.transitions) {
    const from = viewOf(t.from);
    const to = viewOf(t.to);
    if (!from || !to || from === to || !nodeIds.has(from) || !nodeIds.has(to)) continue;
    const key = `${from}>${to}`;
    const known = moves.get(key);
    if (known) known.count += t.count;
    else moves.set(key, { from, to, count: t.count, onMap: edges.has(key) });
  }
  const transitions = [...moves.values()].sort((a, b) => b.count - a.count || (a.from + a.to < b.from + b.to ? -1 : 1));
  return { mapId: map.id, planVersion: plan.version, views, transitions };
}

function levelOf(observed: number, planned: number): CoverageLevel {
  if (observed === 0) return 'none';
  return observed >= planned ? 'full' : 'partial';
}
