import { AppError, type Queryable } from '@tracemap/service-kit';
import type { LintFinding } from '@tracemap/contracts';
import { loadPlan } from '../plan/plan-repository';
import { logicFunction, type LintEntity, type LintKind } from './plan-logic';
import type { PlanSettings } from './plan-context';
import { PLAN_MESSAGES } from './plan-errors';

/** The plan as lint reads it, with the company's naming cases and severities. */
export async function lintInput(db: Queryable, companyId: string, settings: PlanSettings) {
  const plan = await loadPlan(db, companyId, { exposedOnly: false, includeArchived: false });
  return {
    attributes: plan.attributes,
    events: plan.events,
    views: plan.views,
    maps: [],
    settings: { eventNameCase: settings.eventNameCase, attributeNameCase: settings.attributeNameCase, rules: settings.lintRules },
  };
}

/**
 * Saving runs lint on the entity as it would be stored: findings of rules the
 * company set to "error" refuse the save (422 with the findings), warnings
 * never do.
 */
export async function lintBeforeSave(db: Queryable, companyId: string, kind: LintKind, candidate: object, settings: PlanSettings): Promise<void> {
  const lintEntity = logicFunction<LintEntity>('lintEntity');
  if (!lintEntity) return;
  const result = lintEntity(kind, candidate, await lintInput(db, companyId, settings));
  const findings: LintFinding[] = Array.isArray(result) ? result : result.findings;
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) throw new AppError(422, 'lint_failed', PLAN_MESSAGES.lintFailed, undefined, { findings: errors });
}
