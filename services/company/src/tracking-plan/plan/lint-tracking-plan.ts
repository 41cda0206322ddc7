import type { LintFinding, LintReport } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { lintInput } from '../shared/lint-before-save';
import { exposedOnly, keptPlanRead, loadPlanSettings, type PlanActor } from '../shared/plan-context';
import { lintPlan } from '@tracemap/tracking-plan';

/**
 * Every lint finding of the plan under the company's severities. Viewers get
 * no finding about, or naming, an attribute they cannot see.
 */
export function lintTrackingPlan(deps: CompanyDeps, actor: PlanActor): Promise<LintReport> {
  return keptPlanRead(
    deps,
    actor,
    ['lint'],
    () => lintAsSeenBy(deps, actor),
    (report) => report.findings.length,
  );
}

async function lintAsSeenBy(deps: CompanyDeps, actor: PlanActor): Promise<LintReport> {
  const { findings, hidden } = await tenantTransaction(
    deps.db,
    { companyId: actor.companyId, userId: actor.userId },
    async (client) => {
      const input = await lintInput(client, actor.companyId, await loadPlanSettings(client, actor.companyId));
      return { findings: lintPlan(input), hidden: input.attributes.filter((a) => !a.exposed) };
    },
  );
  let visible: LintFinding[] = findings;
  if (exposedOnly(actor) && hidden.length > 0) {
    const ids = new Set(hidden.map((a) => a.id));
    const names = hidden.map((a) => a.name);
    visible = findings.filter(
      (f) =>
        !(f.entityKind === 'attribute' && f.entityId && ids.has(f.entityId)) &&
        !names.some((name) => f.message.includes(name) || f.entityName === name),
    );
  }
  return {
    findings: visible,
    errors: visible.filter((f) => f.severity === 'error').length,
    warnings: visible.filter((f) => f.severity === 'warning').length,
  };
}
