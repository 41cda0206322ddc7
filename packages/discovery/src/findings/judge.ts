import type { JudgedFinding, PlanSnapshot } from '@tracemap/contracts';
import type { NameMapping } from '../matching/match-event';
import type { Profile } from '../profile/profile';
import { eventFindings, viewCoverageFindings } from './event-findings';
import { observedGroups, plannedUsages } from './observed-groups';
import { DEFAULT_PROPERTY_THRESHOLDS, propertyFindings, type PropertyThresholds } from './property-findings';
import { DEFAULT_TRAFFIC_THRESHOLDS, trafficFindings, type TrafficThresholds } from './traffic-findings';

export interface JudgeOptions {
  nameMappings?: readonly NameMapping[];
  /**
   * When the judgement is made. Findings are dated by the traffic itself
   * (first and last seen), never by this, so an old upload judges the same.
   */
  now: number;
  thresholds?: Partial<PropertyThresholds & TrafficThresholds>;
}

/**
 * A profile judged against one plan version: every finding with a stable
 * fingerprint, its counts, when it was seen, and the layer where one fix
 * clears it. Pure: the same profile and plan give the same findings, sorted
 * by type then fingerprint.
 */
export function judge(profile: Profile, plan: PlanSnapshot, options: JudgeOptions): JudgedFinding[] {
  const mappings = options.nameMappings ?? [];
  const thresholds = { ...DEFAULT_PROPERTY_THRESHOLDS, ...DEFAULT_TRAFFIC_THRESHOLDS, ...options.thresholds };
  const { groups, traffic } = observedGroups(profile, plan, mappings);
  const usages = plannedUsages(groups);
  const findings = [
    ...eventFindings(groups, usages, traffic, plan, mappings),
    ...viewCoverageFindings(groups, usages, traffic, plan),
    ...propertyFindings(groups, usages, plan, thresholds),
    ...trafficFindings(groups, usages, traffic, plan, thresholds),
  ];
  const unique = new Map<string, JudgedFinding>();
  for (const finding of findings) if (!unique.has(finding.fingerprint)) unique.set(finding.fingerprint, finding);
  return [...unique.values()].sort((a, b) =>
    a.type !== b.type ? (a.type < b.type ? -1 : 1) : a.fingerprint < b.fingerprint ? -1 : 1,
  );
}
