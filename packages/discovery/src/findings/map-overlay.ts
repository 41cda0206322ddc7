import type { CoverageLevel, MapOverlay, OverlayTransition, OverlayView, PlanSnapshot } from '@tracemap/contracts';
import { matchView, type NameMapping } from '../matching/match-event';
import { planIndex } from '../matching/plan-index';
import type { Profile } from '../profile/profile';
import { observedGroups, plannedUsages } from './observed-groups';

const VIEW_KINDS = new Set(['page', 'screen']);

/**
 * A map with what traffic showed of it: per view, how many of its planned
 * events were seen (a page event that fires on every view counts for a view
 * only when it was sent from that view) and how often the view itself was
 * visited; and the moves sessions made between two of the map's views, each
 * marked by whether the map has that edge. Null when the plan has no such map.
 */
export function mapOverlay(
  profile: Profile,
  plan: PlanSnapshot,
  mapId: string,
  nameMappings: readonly NameMapping[] = [],
): MapOverlay | null {
  const map = plan.maps.find((m) => m.id === mapId);
  if (!map) return null;
  const index = planIndex(plan);
  const { groups } = observedGroups(profile, plan, nameMappings);
  const usages = plannedUsages(groups);
  const visits = new Map<string, number>();
  for (const group of groups) {
    for (const [viewId, { count }] of group.views) visits.set(viewId, (visits.get(viewId) ?? 0) + count);
  }

  const views: OverlayView[] = [];
  const onMap = new Set<string>();
  for (const node of map.nodes) {
    const view = index.viewsById.get(node.viewId);
    if (!view || onMap.has(view.id)) continue;
    onMap.add(view.id);
    const events = view.events
      .map((link) => index.eventsById.get(link.eventId))
      .filter((e) => e !== undefined && e.status !== 'archived');
    const seen = events.filter((e) => {
      if (!usages.has(e!.id)) return false;
      if (!VIEW_KINDS.has(e!.kind)) return true;
      return (visits.get(view.id) ?? 0) > 0;
    }).length;
    const coverage = events.length === 0 ? 0 : seen / events.length;
    const level: CoverageLevel = seen === 0 ? 'none' : seen === events.length ? 'full' : 'partial';
    views.push({
      viewId: view.id,
      plannedEvents: events.length,
      observedEvents: seen,
      coverage: Math.round(coverage * 10_000) / 10_000,
      level,
      visits: visits.get(view.id) ?? 0,
    });
  }

  const byKey = new Map<string, string | null>();
  const viewOf = (key: string) => {
    if (!byKey.has(key)) byKey.set(key, matchView(key, plan)?.id ?? null);
    return byKey.get(key)!;
  };
  const edges = new Set(map.edges.map((e) => `${e.from}|${e.to}`));
  const moves = new Map<string, OverlayTransition>();
  for (const transition of profile.transitions) {
    if (transition.from === null) continue;
    const from = viewOf(transition.from);
    const to = viewOf(transition.to);
    if (!from || !to || from === to || !onMap.has(from) || !onMap.has(to)) continue;
    const key = `${from}|${to}`;
    const held = moves.get(key);
    if (held) held.count += transition.count;
    else moves.set(key, { from, to, count: transition.count, onMap: edges.has(key) });
  }
  const transitions = [...moves.values()].sort((a, b) => b.count - a.count || (a.from + a.to < b.from + b.to ? -1 : 1));
  return { mapId: map.id, planVersion: plan.version, views, transitions };
}
