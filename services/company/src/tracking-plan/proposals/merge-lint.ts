import { AppError } from '@tracemap/service-kit';
import type { LintFinding, NativePlan } from '@tracemap/contracts';
import { lintPlan, planLintInput } from '@tracemap/tracking-plan';
import { blockingRules } from '../shared/lint-before-save';
import type { PlanSettings } from '../shared/plan-context';
import { PROPOSAL_MESSAGES } from './proposal-errors';

/**
 * The findings of a whole plan (the live one or the merged one, as read or
 * computed in the merge's transaction) that a save would be refused for:
 * rules set to "error" (name uniqueness is the database's to decide, as in a
 * save), by rule, item and field. Only those rules run: the others could never
 * block, and the costliest of them (similar names over tens of thousands of
 * entities) would take most of a merge's time.
 */
export function blockingFindings(plan: NativePlan, settings: PlanSettings): Map<string, LintFinding> {
  const blocking = new Map<string, LintFinding>();
  const { rules, any } = blockingRules(settings.lintRules);
  if (!any) return blocking;
  const input = planLintInput(plan, {
    eventNameCase: settings.eventNameCase,
    attributeNameCase: settings.attributeNameCase,
    rules,
  });
  for (const f of lintPlan(input))
    if (f.severity === 'error')
      blocking.set(`${f.rule}|${f.entityKind}|${f.entityId ?? f.entityName}|${f.field ?? ''}`, f);
  return blocking;
}

/**
 * A merge is refused like a save when the merged plan has errors the live plan
 * did not: the ones it had already (a rule made stricter since) do not block it.
 */
export function refuseNewLintErrors(before: Map<string, LintFinding>, after: Map<string, LintFinding>): void {
  const introduced = [...after].filter(([key]) => !before.has(key)).map(([, finding]) => finding);
  if (introduced.length > 0)
    throw new AppError(422, 'lint_failed', PROPOSAL_MESSAGES.mergeLintFailed, undefined, { findings: introduced });
}
