import { AppError, canonicalJson } from '@tracemap/service-kit';
import type { LintSettings, NameCase } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import type { Role } from '../../core/roles';
import { withDefaults } from '../../core/settings';
import { findCompany } from '../../core/company-repository';
import type { Queryable } from '@tracemap/service-kit';
import { MESSAGES } from '../../core/messages';
import type { ReadRunner } from './list-query';
import { listTotals } from './list-totals';
import { preparedTenantRead } from './prepared-read';

/** Who acts on which company, as the access gate found it. */
export interface PlanActor {
  companyId: string;
  userId: string;
  role: Role;
  /** Set when analytics discovery or the assistant writes on the user's request: history records it as the actor. */
  via?: 'discovery' | 'assistant';
}

/**
 * Reads as the actor's tenant, one prepared statement per round trip. A company's
 * plan is read from memory far more often than from disk, so the statement is
 * planned with random reads priced as on SSD or cache (1.1, the usual value):
 * with the default (4) PostgreSQL scans all of a company's rows to count
 * them instead of reading the partial index alone, several times slower.
 * Each statement's generic plan is used from its first run: the plans are
 * index walks or (search) one pass over the company's rows whatever the
 * values, and a search would otherwise be planned anew on every request
 * (0.2–0.3 ms, as much as a page costs).
 */
const PLAN_READ_SETTINGS = `SELECT set_config('random_page_cost', '1.1', true), set_config('plan_cache_mode', 'force_generic_plan', true); `;

export function tenantReader(deps: CompanyDeps, actor: PlanActor): ReadRunner {
  return (text, values) =>
    preparedTenantRead(deps.db, { companyId: actor.companyId, userId: actor.userId }, PLAN_READ_SETTINGS, text, values);
}

/** Viewers never see attributes that are not exposed (nor links to them). */
export const exposedOnly = (actor: PlanActor): boolean => actor.role === 'viewer';

/**
 * A read of the company's plan kept until the plan changes, shared by every
 * caller who sees the same attributes. `what` names the read and its inputs;
 * `items` counts the rows of an answer (the cache's bound is in rows).
 */
export function keptPlanRead<T>(
  deps: CompanyDeps,
  actor: PlanActor,
  what: unknown,
  load: () => Promise<T>,
  items: (value: T) => number,
): Promise<T> {
  return deps.planReads.read(
    actor.companyId,
    `${exposedOnly(actor) ? 'exposed' : 'all'}:${canonicalJson(what)}`,
    load,
    items,
  );
}

/** `If-Match: 3`, `"3"` or `W/"3"` → 3; absent → undefined. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  return Number(header.replace(/^W\//, '').replace(/"/g, ''));
}

export function versionConflict(current: object): AppError {
  return new AppError(
    409,
    'version_conflict',
    'Someone else changed this since you opened it. Review the current version and save again.',
    undefined,
    { current },
  );
}

/**
 * After a plan write commits: this replica's kept reads of the company's plan
 * go at once (other replicas drop theirs when the database's announcement
 * reaches them), and so do counts in company info and list totals.
 */
export function planChanged(deps: CompanyDeps, companyId: string): void {
  deps.planReads.invalidate(companyId);
  deps.infoCache.invalidate(companyId);
  listTotals(deps).invalidate(companyId);
}

export interface PlanSettings {
  attributeInheritance: boolean;
  eventNameCase: NameCase;
  attributeNameCase: NameCase;
  lintRules: LintSettings;
}

export async function loadPlanSettings(db: Queryable, companyId: string): Promise<PlanSettings> {
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
  const settings = withDefaults(company.settings);
  return {
    attributeInheritance: settings.attributeInheritance,
    eventNameCase: settings.eventNameCase,
    attributeNameCase: settings.attributeNameCase,
    lintRules: settings.lintRules ?? {},
  };
}
