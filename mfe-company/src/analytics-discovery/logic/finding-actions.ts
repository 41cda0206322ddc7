import type { Finding, FindingState, FindingType } from '@tracemap/contracts';

export type FindingAction =
  | { kind: 'state'; label: 'Acknowledge' | 'Ignore' | 'Reopen'; state: FindingState }
  | { kind: 'add-to-plan'; label: 'Add to plan' };

/** What the plan can take straight from the observed shape. */
const ADDABLE: ReadonlySet<FindingType> = new Set(['unplanned_event', 'unplanned_property']);

/**
 * The triage buttons of one finding. Viewers get none; a resolved finding has
 * none either (the next judgement reopens it if it comes back).
 */
export function findingActions(finding: Pick<Finding, 'state' | 'type'>, canTriage: boolean): FindingAction[] {
  if (!canTriage) return [];
  switch (finding.state) {
    case 'open':
      return [
        { kind: 'state', label: 'Acknowledge', state: 'acknowledged' },
        { kind: 'state', label: 'Ignore', state: 'ignored' },
        ...(ADDABLE.has(finding.type) ? [{ kind: 'add-to-plan' as const, label: 'Add to plan' as const }] : []),
      ];
    case 'acknowledged':
      return [
        { kind: 'state', label: 'Ignore', state: 'ignored' },
        { kind: 'state', label: 'Reopen', state: 'open' },
        ...(ADDABLE.has(finding.type) ? [{ kind: 'add-to-plan' as const, label: 'Add to plan' as const }] : []),
      ];
    case 'ignored':
      return [{ kind: 'state', label: 'Reopen', state: 'open' }];
    default:
      return [];
  }
}

export const FINDING_TYPE_LABELS: Record<FindingType, string> = {
  unplanned_event: 'Unplanned event',
  unplanned_property: 'Unplanned property',
  missing_required: 'Missing required property',
  type_mismatch: 'Type mismatch',
  type_inconsistent: 'Inconsistent type',
  enum_violation: 'Value outside the list',
  pattern_violation: 'Value breaks the pattern',
  planned_not_seen: 'Planned, not seen',
  deprecated_still_firing: 'Deprecated, still firing',
  name_case: 'Name case',
  similar_name: 'Similar name',
  source_gap: 'Source gap',
  volume_shift: 'Volume shift',
  view_coverage: 'View coverage',
  pii_suspect: 'Possible personal data',
};

/** "Checkout view", "event signup", "system". */
export function layerText(layer: Finding['layer']): string {
  if (layer.layer === 'system') return 'system';
  return layer.name ? `${layer.layer} ${layer.name}` : layer.layer;
}

/** "12 of 340 (4 %)". */
export function countsText(counts: Finding['counts']): string {
  const base = `${counts.affected.toLocaleString()} of ${counts.observed.toLocaleString()}`;
  return counts.rate === undefined ? base : `${base} (${Math.round(counts.rate * 100)} %)`;
}
