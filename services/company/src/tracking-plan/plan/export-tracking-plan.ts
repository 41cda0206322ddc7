import {
  csvRowsForEvent,
  exportPlanCsv,
  resolveEffectiveAttributes,
  segmentRulesBundle,
  serializeNativePlan,
  toNativePlan,
} from '@tracemap/tracking-plan';
import type { Attribute, EffectiveAttribute, ExportFormat, NativeMap } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
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
export async function exportTrackingPlan(
  deps: CompanyDeps,
  actor: PlanActor,
  format: ExportFormat,
): Promise<ExportedPlan> {
  const { plan, maps, attributeInheritance } = await tenantTransaction(
    deps.db,
    { companyId: actor.companyId, userId: actor.userId },
    async (client) => ({
      plan: await loadPlan(client, actor.companyId, {
        exposedOnly: exposedOnly(actor),
        includeArchived: format === 'native',
      }),
      // The native file carries every map; CSV and JSON Schema list none, but the live ones are an inheritance layer of their events.
      maps: await loadMaps(client, actor.companyId, {
        exposedOnly: exposedOnly(actor),
        includeArchived: format === 'native',
      }),
      attributeInheritance: (await loadPlanSettings(client, actor.companyId)).attributeInheritance,
    }),
  );
  const stamp = new Date().toISOString().slice(0, 10);
  if (format === 'csv') {
    const rows = effectiveRows(plan, attributeInheritance, maps).flatMap(({ event, attributes, views }) =>
      csvRowsForEvent(
        event,
        attributes,
        views.map((v) => v.name),
      ),
    );
    return {
      contentType: 'text/csv; charset=utf-8',
      fileName: `tracking-plan-${stamp}.csv`,
      body: exportPlanCsv(rows),
    };
  }
  if (format === 'json-schema') {
    const effective = effectiveRows(plan, attributeInheritance, maps);
    const asLayer = (a: Attribute): EffectiveAttribute => ({
      attribute: a,
      presence: 'optional',
      validation: a.validation,
      layer: 'system',
      sources: [{ layer: 'system', presence: 'optional' }],
    });
    const live = (scope: string) => plan.attributes.filter((a) => a.scope === scope);
    const bundle = segmentRulesBundle(effective, live('system').map(asLayer), {
      user: live('user').map(asLayer),
      group: live('group').map(asLayer),
    });
    return {
      contentType: 'application/json; charset=utf-8',
      fileName: `tracking-plan-${stamp}.schema.json`,
      body: JSON.stringify(bundle, null, 2),
    };
  }
  const native = serializeNativePlan(toNativePlan({ ...plan, maps }));
  return { contentType: 'application/json; charset=utf-8', fileName: `tracking-plan-${stamp}.json`, body: native };
}

/** Every event with its effective attributes, resolved against the plan in memory (with the maps its views are on). */
export function effectiveRows(plan: StoredPlan, attributeInheritance: boolean, maps: readonly NativeMap[] = []) {
  const mapsByView = new Map<string, NativeMap[]>();
  for (const m of maps)
    for (const node of m.nodes) mapsByView.set(node.viewId, [...(mapsByView.get(node.viewId) ?? []), m]);
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
    const onMaps = [...new Set(views.flatMap((v) => mapsByView.get(v.id) ?? []))];
    const { attributes } = resolveEffectiveAttributes({
      event,
      attributesById,
      attributeInheritance,
      systemAttributes,
      views,
      maps: onMaps,
    });
    return { event, attributes, views };
  });
}
