import type { CompanyRole, Finding, ObservedEventItem, PlanSnapshot } from '@tracemap/contracts';
import type { PreparedDiscovery } from './discovery/prepare-discovery';
import type { PreparedPlan } from './plan/prepare-plan';

/**
 * What the tools read, as the insights service keeps it: the plan snapshot it
 * receives from the company service, the observed events of plan against
 * reality (one row per observed name and kind, summed over sources, plus the
 * planned events never seen) and the stored findings.
 */
export interface AssistantData {
  plan: PlanSnapshot;
  observed: readonly ObservedEventItem[];
  findings: readonly Finding[];
}

/** Everything a tool call needs: the prepared data and who is asking. */
export interface ToolContext {
  plan: PreparedPlan;
  /** Null when the company has no discovery data yet. */
  discovery: PreparedDiscovery | null;
  role: CompanyRole;
}
