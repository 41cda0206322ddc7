import type { DiscoveryOverview, FindingSeverity } from '@tracemap/contracts';

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

/** The figures on top of the discovery page, from the service's counts over every row. */
export function discoveryKpis(overview: DiscoveryOverview): DiscoveryKpis {
  const { observedVolume, plannedVolume, plannedEvents, plannedSeen } = overview;
  return {
    plannedVolumeShare: observedVolume > 0 ? plannedVolume / observedVolume : null,
    plannedSeenShare: plannedEvents > 0 ? plannedSeen / plannedEvents : null,
    observedVolume,
    plannedEvents,
    plannedSeen,
    openBySeverity: { ...overview.openBySeverity },
  };
}

/** A share as a whole percent for a KPI tile, or a dash when there is nothing to divide. */
export function shareText(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)} %`;
}
