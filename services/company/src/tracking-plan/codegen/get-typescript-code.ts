import { createHash } from 'node:crypto';
import { canonicalJson } from '@tracemap/service-kit';
import { generateTypeScript } from '@tracemap/tracking-plan';
import type { CodegenDestination, CodegenValidation, GeneratedCodeResponse } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { exposedOnly, keptPlanRead, loadPlanSettings, type PlanActor } from '../shared/plan-context';
import { loadPlan } from '../plan/plan-repository';
import { loadMaps } from '../plan/plan-maps';

export interface CodegenOptions {
  destination: CodegenDestination;
  validation: CodegenValidation;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/**
 * Typed tracking code for the live plan as the actor sees it: viewers' code
 * leaves hidden attributes out, like their exports. Kept until the plan
 * changes, per visibility, destination and validation, since a large plan
 * takes a noticeable moment to generate.
 */
export function getTypeScriptCode(
  deps: CompanyDeps,
  actor: PlanActor,
  options: CodegenOptions,
): Promise<GeneratedCodeResponse> {
  return keptPlanRead(
    deps,
    actor,
    ['codegen', 'typescript', options.destination, options.validation],
    () => generateAsSeenBy(deps, actor, options),
    (code) => code.events.length,
  );
}

async function generateAsSeenBy(
  deps: CompanyDeps,
  actor: PlanActor,
  options: CodegenOptions,
): Promise<GeneratedCodeResponse> {
  const visibility = { exposedOnly: exposedOnly(actor), includeArchived: false };
  const { plan, maps, attributeInheritance } = await tenantTransaction(
    deps.db,
    { companyId: actor.companyId, userId: actor.userId },
    async (client) => ({
      plan: await loadPlan(client, actor.companyId, visibility),
      maps: await loadMaps(client, actor.companyId, visibility),
      attributeInheritance: (await loadPlanSettings(client, actor.companyId)).attributeInheritance,
    }),
  );
  const { files, events } = generateTypeScript({ ...plan, maps, attributeInheritance }, options);
  return {
    files,
    events,
    planVersion: digest(canonicalJson({ attributeInheritance, plan, maps })),
    hash: digest(files.map((f) => `${f.path}\0${f.content}`).join('\0')),
  };
}
