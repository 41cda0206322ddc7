import type { LintRule, LintSettings, LintSeverity } from '@tracemap/contracts';

/**
 * Errors are what makes a plan wrong or unusable by destinations (they block
 * saving); warnings are style and hygiene a team may choose to live with.
 */
export const DEFAULT_LINT_SEVERITIES: Record<LintRule, LintSeverity> = {
  'unique-name': 'error',
  'similar-name': 'warning',
  'naming-case': 'warning',
  description: 'warning',
  'consistent-type': 'error',
  'narrowing-override': 'error',
  'portable-regex': 'error',
  'valid-enum': 'error',
  'required-nullable': 'warning',
  'any-type': 'warning',
  'unused-attribute': 'warning',
  'event-without-view': 'warning',
  'deprecated-on-map': 'warning',
  'pii-name': 'warning',
};

/** The company's severities over the defaults; unknown or missing rules keep their default. */
export function lintSeverities(settings?: LintSettings): Record<LintRule, LintSeverity> {
  const severities = { ...DEFAULT_LINT_SEVERITIES };
  for (const rule of Object.keys(severities) as LintRule[]) {
    const chosen = settings?.[rule];
    if (chosen === 'off' || chosen === 'warning' || chosen === 'error') severities[rule] = chosen;
  }
  return severities;
}
