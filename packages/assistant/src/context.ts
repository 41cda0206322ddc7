import type { CompanyRole } from '@tracemap/contracts';
import type { AssistantData, ToolContext } from './data';
import { prepareDiscovery } from './discovery/prepare-discovery';
import { preparePlan } from './plan/prepare-plan';

/** A context for one caller; the plan is prepared once per snapshot object and reused. */
export function toolContext(data: AssistantData, role: CompanyRole): ToolContext {
  return {
    plan: preparePlan(data.plan),
    discovery:
      data.observed.length > 0 || data.findings.length > 0 ? prepareDiscovery(data.observed, data.findings) : null,
    role,
  };
}
