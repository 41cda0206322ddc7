import type { Finding, FindingSeverity, ObservedEventItem } from '@tracemap/contracts';

export interface DiscoveryKpis {
  /** Share of the observed volume that belongs to planned events, 0..1; null before anything was seen. */
  plannedVolumeShare: number | null;
  /** Share of the planned events seen at least once, 0..1; null when the plan has no event. */
  plannedSeenShare: number | null;
  observedVolume: number;
  plannedEvents: number;
  plannedSeen: number;
  openBySeverity: Record<FindingSeverity, number>;
}

/** The figures on top of the discovery page, from the whole plan-against-reality list and the open findings. */
export function discoveryKpis(
  events: Pick<ObservedEventItem, 'match' | 'volume'>[],
  openFindings: Pick<Finding, 'severity' | 'state'>[],
): DiscoveryKpis {
  let observedVolume = 0;
  let plannedVolume = 0;
  let plannedEvents = 0;
  let plannedSeen = 0;
  for (const event of events) {
    if (event.match !== 'planned_unseen') observedVolume += event.volume;
    if (event.match === 'matched') {
      plannedVolume += event.volume;
      plannedEvents += 1;
      plannedSeen += 1;
    } else if (event.match === 'planned_unseen') {
      plannedEvents += 1;
    }
  }
  const openBySeverity: Record<FindingSeverity, number> = { high: 0, medium: 0, low: 0 };
  for (const finding of openFindings) if (finding.state === 'open') openBySeverity[finding.severity] += 1;
  return {
    plannedVolumeShare: observedVolume > 0 ? plannedVolume / observedVolume : null,
    plannedSeenShare: plannedEvents > 0 ? plannedSeen / plannedEvents : null,
    observedVolume,
    plannedEvents,
    plannedSeen,
    openBySeverity,
  };
}

/** A share as a whole percent for a KPI tile, or a dash when there is nothing to divide. */
export function shareText(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)} %`;
}
