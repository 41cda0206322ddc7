import * as logic from '@tracemap/tracking-plan';
import type { FieldChange, LintFinding } from '@tracemap/contracts';

/**
 * The pure tracking-plan logic (@tracemap/tracking-plan) as this service uses
 * it. Parts of it are still being written; until a function lands, the lookup
 * below answers "not available" and the service says so instead of guessing.
 */
const available = logic as unknown as Record<string, unknown>;

export function logicFunction<F>(name: string): F | null {
  const found = available[name];
  return typeof found === 'function' ? (found as F) : null;
}

/** The field diff of a history entry; empty until the package's fieldChanges lands. */
export function changesBetween(before: object, after: object): FieldChange[] {
  const fieldChanges = logicFunction<(a: object, b: object) => FieldChange[]>('fieldChanges');
  return fieldChanges ? fieldChanges(before, after) : [];
}

export type LintKind = 'attribute' | 'event' | 'view';
export type LintEntity = (kind: LintKind, candidate: object, input: object) => LintFinding[] | { findings: LintFinding[] };
