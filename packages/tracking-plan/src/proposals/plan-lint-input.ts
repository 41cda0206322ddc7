import type { NameCase, NativePlan, LintSettings } from '@tracemap/contracts';
import { lintMapOf } from '../lint';
import type { LintInput } from '../lint/context';

/**
 * What lint reads of a whole plan file, archived entities included: lint
 * leaves archived entities, and links to them, out of every rule by itself,
 * and names archived views and events a map still points at by their entry
 * here. Archived maps are not linted. A plan already in memory (a merge's
 * live and merged plans) is linted without reading it again.
 */
export function planLintInput(
  plan: NativePlan,
  settings: { eventNameCase: NameCase; attributeNameCase: NameCase; rules?: LintSettings },
): LintInput {
  return {
    attributes: plan.attributes,
    events: plan.events,
    views: plan.views,
    maps: (plan.maps ?? []).filter((m) => m.status !== 'archived').map(lintMapOf),
    settings,
  };
}
