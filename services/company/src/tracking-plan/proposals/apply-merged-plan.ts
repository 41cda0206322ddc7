import type { HistoryAction, HistoryEntityKind, NativePlan } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import { fieldChanges, PLAN_COLLECTIONS } from '@tracemap/tracking-plan';
import { deleteAttribute } from '../attributes/attribute-repository';
import { deleteEvent } from '../events/event-repository';
import { recordHistoryBatch, type HistoryRecord } from '../history/history-repository';
import { deleteMap } from '../maps/map-repository';
import { upsertMaps } from '../plan/plan-maps';
import { upsertPlan, versionsOf } from '../plan/plan-writer';
import { deleteView } from '../views/view-repository';

type Entity = { id: string; name: string } & Record<string, unknown>;

const TABLES: Record<HistoryEntityKind, string> = {
  attribute: 'company.plan_attributes',
  event: 'company.plan_events',
  view: 'company.plan_views',
  map: 'company.maps',
};
const REMOVE: Record<HistoryEntityKind, (db: Queryable, companyId: string, id: string) => Promise<void>> = {
  attribute: deleteAttribute,
  event: deleteEvent,
  view: deleteView,
  map: deleteMap,
};

/**
 * Makes the live plan the merged one, inside the caller's transaction: entities
 * added or changed are written (links with them), those the merge dropped are
 * deleted (maps first, attributes last, so nothing still points at what goes),
 * and each gets a history entry naming the proposal.
 */
export async function applyMergedPlan(
  db: Queryable,
  companyId: string,
  live: NativePlan,
  merged: NativePlan,
  by: { userId: string; proposalId: string },
): Promise<number> {
  const written: Record<HistoryEntityKind, Entity[]> = { attribute: [], event: [], view: [], map: [] };
  const removed: Array<{ kind: HistoryEntityKind; entity: Entity }> = [];
  const actions = new Map<string, { action: HistoryAction; before: object }>();
  for (const [kind, collection] of PLAN_COLLECTIONS) {
    const before = new Map(((live[collection] ?? []) as Entity[]).map((e) => [e.id, e]));
    const after = (merged[collection] ?? []) as Entity[];
    for (const entity of after) {
      const previous = before.get(entity.id);
      // The merge hands back the live entity itself when the proposal left it alone.
      if (previous === entity || (previous && fieldChanges(previous, entity).length === 0)) continue;
      written[kind].push(entity);
      actions.set(`${kind}:${entity.id}`, { action: previous ? 'updated' : 'created', before: previous ?? {} });
    }
    const kept = new Set(after.map((e) => e.id));
    for (const entity of before.values()) if (!kept.has(entity.id)) removed.push({ kind, entity });
  }
  await upsertPlan(db, companyId, {
    attributes: written.attribute as unknown as NativePlan['attributes'],
    events: written.event as unknown as NativePlan['events'],
    views: written.view as unknown as NativePlan['views'],
  });
  await upsertMaps(db, companyId, written.map as unknown as NonNullable<NativePlan['maps']>);
  const order: HistoryEntityKind[] = ['map', 'view', 'event', 'attribute'];
  removed.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const { kind, entity } of removed) await REMOVE[kind](db, companyId, entity.id);

  const records: HistoryRecord[] = [];
  for (const [kind] of PLAN_COLLECTIONS) {
    const versions = await versionsOf(
      db,
      companyId,
      TABLES[kind],
      written[kind].map((e) => e.id),
    );
    for (const entity of written[kind]) {
      const { action, before } = actions.get(`${kind}:${entity.id}`)!;
      records.push({
        companyId,
        entityKind: kind,
        entityId: entity.id,
        action,
        actorUserId: by.userId,
        version: versions.get(entity.id) ?? 1,
        changes: fieldChanges(before, entity),
        proposalId: by.proposalId,
      });
    }
  }
  for (const { kind, entity } of removed) {
    records.push({
      companyId,
      entityKind: kind,
      entityId: entity.id,
      action: 'deleted',
      actorUserId: by.userId,
      version: 0,
      changes: fieldChanges(entity, {}),
      proposalId: by.proposalId,
    });
  }
  await recordHistoryBatch(db, records);
  return records.length;
}
