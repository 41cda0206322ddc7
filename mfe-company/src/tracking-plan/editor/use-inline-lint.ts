import type { EntityKind, LintFinding } from '@tracemap/shell-core';

/**
 * Lint findings for the entity being edited, as the user types. The rules live in the pure
 * tracking-plan package; until its per-entity lint is published the server's findings on save
 * are the only ones shown.
 */
export function useInlineLint(_kind: EntityKind, _values: object): LintFinding[] {
  return [];
}
