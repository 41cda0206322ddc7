import { createHash } from 'node:crypto';
import { canonicalJson } from '@tracemap/service-kit';
import type { PlanSnapshot, SnapshotEvent } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { effectiveRows } from '../plan/export-tracking-plan';
import { loadPlan } from '../plan/plan-repository';
import { loadPlanSettings } from '../shared/plan-context';
import { loadSnapshotMaps } from './snapshot-repository';

const live = <T extends { status: string }>(items: readonly T[]) => items.filter((item) => item.status !== 'archived');

export type PlanSnapshotAnswer =
  { status: 'unchanged'; version: string } | { status: 'changed'; snapshot: PlanSnapshot };

/**
 * The company's whole plan at one version, for other services (discovery
 * judges observed traffic against it). Archived items are included, marked by
 * their status, so an archived event still firing is recognised; effective
 * attributes are resolved by the same code as an event's effective attributes,
 * through live views, maps and system attributes only.
 *
 * `version` is a digest of everything in the answer plus the company's plan
 * settings, so it changes exactly when what a reader sees (or how it should
 * judge names) changes. Only the version is kept, in the plan read cache, which
 * drops it on the company's plan announcements (settings changes included): a
 * caller that already holds it is answered `unchanged` without reading the
 * plan, and the snapshot itself (as large as the plan) is kept by the caller.
 */
export async function getPlanSnapshot(
  deps: CompanyDeps,
  companyId: string,
  ifNoneMatch?: string,
): Promise<PlanSnapshotAnswer> {
  let built: PlanSnapshot | null = null;
  const version = await deps.planReads.read(
    companyId,
    'plan-snapshot-version',
    async () => {
      built = await buildPlanSnapshot(deps, companyId);
      return built.version;
    },
    () => 0,
  );
  if (matchesVersion(ifNoneMatch, version)) return { status: 'unchanged', version };
  return { status: 'changed', snapshot: built ?? (await buildPlanSnapshot(deps, companyId)) };
}

async function buildPlanSnapshot(deps: CompanyDeps, companyId: string): Promise<PlanSnapshot> {
  const { plan, maps, settings } = await tenantTransaction(deps.db, { companyId }, async (client) => ({
    settings: await loadPlanSettings(client, companyId),
    plan: await loadPlan(client, companyId, { exposedOnly: false, includeArchived: true }),
    maps: await loadSnapshotMaps(client, companyId),
  }));
  const resolved = effectiveRows(
    { attributes: live(plan.attributes), events: plan.events, views: live(plan.views) },
    settings.attributeInheritance,
    live(maps),
  );
  const events: SnapshotEvent[] = resolved.map(({ event, attributes }) => ({
    ...event,
    effective: attributes.map((a) => ({
      attributeId: a.attribute.id,
      presence: a.presence,
      validation: a.validation,
      layer: a.layer,
      sources: a.sources,
    })),
  }));
  const content = {
    attributeInheritance: settings.attributeInheritance,
    attributes: plan.attributes,
    events,
    views: plan.views,
    maps,
  };
  const version = createHash('sha256').update(canonicalJson({ settings, content })).digest('base64url').slice(0, 32);
  return { companyId, version, generatedAt: new Date().toISOString(), ...content };
}

/** Whether an `If-None-Match` header names this version (`"v"`, `W/"v"`, a list, or `*`). */
function matchesVersion(header: string | undefined, version: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '').replace(/"/g, '');
    return value === '*' || value === version;
  });
}
