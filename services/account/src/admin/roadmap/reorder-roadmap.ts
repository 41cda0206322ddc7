import { badRequest, withTransaction } from '@tracemap/service-kit';
import type { AdminRoadmapItem } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { listItems, setOrder } from './roadmap-repository';

/** `ids` must name every item exactly once, so no item is left at a stale position. */
export async function reorderRoadmap(ctx: AdminContext, ids: string[]): Promise<{ items: AdminRoadmapItem[] }> {
  return withTransaction(ctx.deps.pool, async (client) => {
    await client.query('LOCK TABLE account.roadmap_items IN SHARE ROW EXCLUSIVE MODE');
    const current = await listItems(client);
    const known = new Set(current.map((i) => i.id));
    if (ids.length !== current.length || !ids.every((id) => known.has(id))) {
      throw badRequest('The order must list every roadmap item once.', 'roadmap_order_mismatch');
    }
    await setOrder(client, ids);
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'roadmap.reordered',
      targetType: 'roadmap',
      details: { ids },
    });
    return { items: await listItems(client) };
  });
}
