import { notFound, withTransaction } from '@tracemap/service-kit';
import { withoutNulls, type AdminRoadmapItem, type RoadmapItemChanges } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { updateItem } from './roadmap-repository';

/** Edits, status changes and publishing (published: true) or withdrawing (false) an item. */
export async function updateRoadmapItem(
  ctx: AdminContext,
  id: string,
  sent: RoadmapItemChanges,
): Promise<AdminRoadmapItem> {
  // A field sent as null is not changed.
  const changes = withoutNulls(sent);
  return withTransaction(ctx.deps.pool, async (client) => {
    const item = await updateItem(client, id, { ...changes, title: changes.title?.trim() });
    if (!item) throw notFound('Roadmap item not found', 'roadmap_item_not_found');
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'roadmap.updated',
      targetType: 'roadmap_item',
      targetId: id,
      details: { ...changes, description: undefined },
    });
    return item;
  });
}
