import { AppError, type Queryable } from '@tracemap/service-kit';
import type { LintFinding } from '@tracemap/contracts';
import { lintPlan } from '@tracemap/tracking-plan';
import { lintInput } from '../shared/lint-before-save';
import type { PlanSettings } from '../shared/plan-context';
import { PROPOSAL_MESSAGES } from './proposal-errors';

/**
 * The findings of the company's plan, as stored in this transaction, that a
 * save would be refused for: rules set to "error" (name uniqueness is the
 * database's to decide, as in a save), by rule, item and field.
 */
export async function blockingFindings(
  client: Queryable,
  companyId: string,
  settings: PlanSettings,
): Promise<Map<string, LintFinding>> {
  const findings = lintPlan(await lintInput(client, companyId, settings));
  const blocking = new Map<string, LintFinding>();
  for (const f of findings)
    if (f.severity === 'error' && f.rule !== 'unique-name')
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
