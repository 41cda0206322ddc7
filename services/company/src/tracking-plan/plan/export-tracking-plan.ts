import { csvRowsForEvent, exportPlanCsv, resolveEffectiveAttributes, segmentRulesBundle, serializeNativePlan, toNativePlan } from '@tracemap/tracking-plan';
import type { Attribute, EffectiveAttribute, ExportFormat } from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { tenantTransaction } from '../../lib/tenant';
import { exposedOnly, loadPlanSettings, type PlanActor } from '../shared/plan-context';
import { loadPlan, type StoredPlan } from './plan-repository';
import { loadMaps } from './plan-maps';

export interface ExportedPlan {
  contentType: string;
  fileName: string;
  body: string;
}

/**
 * The plan as a file: native JSON (lossless, a backup: archived items
 * included, marked by their status), CSV (one row per event and effective
 * attribute) or a Segment-style JSON Schema bundle, both without archived
 * items. Viewers' files leave hidden attributes out.
 */
export async function exportTrackingPlan(deps: CompanyDeps, actor: PlanActor, format: ExportFormat): Promise<ExportedPlan> {
  const { plan, maps, attributeInheritance } = await tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, async (client) => ({
    plan: await loadPlan(client, actor.companyId, { exposedOnly: exposedOnly(actor), includeArchived: format === 'native' }),
    // Only the native file carries maps; CSV and JSON Schema describe events.
    maps: format === 'native' ? await loadMaps(client, actor.companyId, { exposedOnly: exposedOnly(actor), includeArchived: true }) : [],
    attributeInheritance: (await loadPlanSettings(client, actor.companyId)).attributeInheritance,
  }));
  const stamp = new Date().toISOString().slice(0, 10);
  if (format === 'csv') {
    const rows = effectiveRows(plan, attributeInheritance).flatMap(({ event, attributes, views }) =>
      csvRowsForEvent(event, attributes, views.map((v) => v.name)),
    );
    return { contentType: 'text/csv; charset=utf-8', fileName: `tracking-plan-${stamp}.csv`, body: exportPlanCsv(rows) };
  }
  if (format === 'json-schema') {
    const effective = effectiveRows(plan, attributeInheritance);
    const asLayer = (a: Attribute): EffectiveAttribute => ({
      attribute: a,
      presence: 'optional',
      validation: a.validation,
      layer: 'system',
      sources: [{ layer: 'system', presence: 'optional' }],
    });
    const live = (scope: string) => plan.attributes.filter((a) => a.scope === scope);
    const bundle = segmentRulesBundle(effective, live('system').map(asLayer), { user: live('user').map(asLayer), group: live('group').map(asLayer) });
    return { contentType: 'application/json; charset=utf-8', fileName: `tracking-plan-${stamp}.schema.json`, body: JSON.stringify(bundle, null, 2) };
  }
  const native = serializeNativePlan(toNativePlan({ ...plan, maps }));
  return { contentType: 'application/json; charset=utf-8', fileName: `tracking-plan-${stamp}.json`, body: native };
}

/** Every event with its effective attributes, resolved against the plan in memory. */
export function effectiveRows(plan: StoredPlan, attributeInheritance: boolean) {
  const attributesById = new Map(plan.attributes.map((a) => [a.id, a]));
  const systemAttributes = plan.attributes.filter((a) => a.scope === 'system');
  const viewsByEvent = new Map<string, StoredPlan['views']>();
  for (const view of plan.views) {
    for (const link of view.events) {
      const list = viewsByEvent.get(link.eventId);
      if (list) list.push(view);
      else viewsByEvent.set(link.eventId, [view]);
    }
  }
  return plan.events.map((event) => {
    const views = viewsByEvent.get(event.id) ?? [];
    const { attributes } = resolveEffectiveAttributes({ event, attributesById, attributeInheritance, systemAttributes, views, maps: [] });
    return { event, attributes, views };
  });
}
