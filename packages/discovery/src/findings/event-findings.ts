import type { JudgedFinding, PlanSnapshot } from '@tracemap/contracts';
import type { NameMapping } from '../matching/match-event';
import { planIndex } from '../matching/plan-index';
import { finding } from './finding';
import type { ObservedGroup, PlannedUsage, Traffic } from './observed-groups';

/** Statuses of events the apps are supposed to send by now. */
export const EXPECTED_STATUSES: ReadonlySet<string> = new Set(['live', 'implemented']);
/** Statuses of events the apps should have stopped sending. */
export const RETIRED_STATUSES: ReadonlySet<string> = new Set(['deprecated', 'archived']);

const VIEW_KINDS = new Set(['page', 'screen']);

/**
 * Findings about events as a whole: unplanned names, names in another case or
 * one edit away, retired events still firing, planned events never seen.
 */
export function eventFindings(
  groups: readonly ObservedGroup[],
  usages: ReadonlyMap<string, PlannedUsage>,
  traffic: Traffic,
  plan: PlanSnapshot,
  mappings: readonly NameMapping[],
): JudgedFinding[] {
  const out: JudgedFinding[] = [];
  const version = plan.version;
  const mapped = new Set(mappings.map((m) => m.observedName));
  for (const group of groups) {
    const { match } = group;
    const seen = { firstSeen: group.firstSeen, lastSeen: group.lastSeen };
    const counts = { observed: group.total, affected: group.total };
    if (match.how === 'none') {
      out.push(
        finding(
          {
            type: 'unplanned_event',
            severity: 'medium',
            layer: { layer: 'event', name: group.name },
            subject: { event: group.name },
            counts,
            ...seen,
            details: match.similar ? { suggestion: match.similar.name } : {},
          },
          version,
        ),
      );
      if (match.similar) {
        out.push(
          finding(
            {
              type: 'similar_name',
              severity: 'low',
              layer: { layer: 'event', id: match.similar.id, name: match.similar.name },
              subject: { event: group.name },
              counts,
              ...seen,
              details: { suggestion: match.similar.name, planEventId: match.similar.id },
            },
            version,
          ),
        );
      }
    }
    if (match.how === 'folded' && match.event && !mapped.has(group.name)) {
      out.push(
        finding(
          {
            type: 'name_case',
            severity: 'low',
            layer: { layer: 'event', id: match.event.id, name: match.event.name },
            subject: { event: group.name },
            counts,
            ...seen,
            details: { suggestion: match.event.name, planEventId: match.event.id },
          },
          version,
        ),
      );
    }
  }

  for (const usage of usages.values()) {
    const event = usage.event;
    if (!RETIRED_STATUSES.has(event.status)) continue;
    out.push(
      finding(
        {
          type: 'deprecated_still_firing',
          severity: event.status === 'archived' ? 'high' : 'medium',
          layer: { layer: 'event', id: event.id, name: event.name },
          subject: { event: event.name },
          counts: { observed: usage.total, affected: usage.total },
          firstSeen: usage.firstSeen,
          lastSeen: usage.lastSeen,
          details: { planEventId: event.id, status: event.status, events: usage.groups.map((g) => g.name).sort() },
        },
        version,
      ),
    );
  }

  if (traffic.total === 0) return out;
  for (const event of plan.events) {
    if (!EXPECTED_STATUSES.has(event.status) || usages.has(event.id)) continue;
    // A pipe that carries no identify calls (or no page views) says nothing about planned ones.
    const kindSeen = VIEW_KINDS.has(event.kind)
      ? traffic.kinds.has('page') || traffic.kinds.has('screen')
      : event.kind === 'track' || traffic.kinds.has(event.kind);
    if (!kindSeen) continue;
    out.push(
      finding(
        {
          type: 'planned_not_seen',
          severity: event.status === 'live' ? 'high' : 'medium',
          layer: { layer: 'event', id: event.id, name: event.name },
          subject: { event: event.name },
          counts: { observed: 0, affected: 0 },
          firstSeen: null,
          lastSeen: null,
          details: { planEventId: event.id, status: event.status },
        },
        version,
      ),
    );
  }
  return out;
}

/** Views none of whose events (nor a page or screen view of them) was seen, while views were being sent. */
export function viewCoverageFindings(
  groups: readonly ObservedGroup[],
  usages: ReadonlyMap<string, PlannedUsage>,
  traffic: Traffic,
  plan: PlanSnapshot,
): JudgedFinding[] {
  if (!traffic.kinds.has('page') && !traffic.kinds.has('screen')) return [];
  const index = planIndex(plan);
  const viewsSeen = new Set<string>();
  for (const group of groups) for (const viewId of group.views.keys()) viewsSeen.add(viewId);
  const out: JudgedFinding[] = [];
  for (const view of plan.views) {
    if (!EXPECTED_STATUSES.has(view.status) || viewsSeen.has(view.id)) continue;
    const events = view.events.map((link) => index.eventsById.get(link.eventId)).filter((e) => e !== undefined);
    // A page event that fires on every view proves nothing about this one.
    const own = events.filter((e) => !VIEW_KINDS.has(e.kind));
    if (own.some((e) => usages.has(e.id))) continue;
    out.push(
      finding(
        {
          type: 'view_coverage',
          severity: 'medium',
          layer: { layer: 'view', id: view.id, name: view.name },
          subject: { event: view.name },
          counts: { observed: 0, affected: events.length },
          firstSeen: null,
          lastSeen: null,
          details: { viewId: view.id, events: events.map((e) => e.name).sort() },
        },
        version(plan),
      ),
    );
  }
  return out;
}

const version = (plan: PlanSnapshot) => plan.version;
