import { notFound, withTransaction } from '@tracemap/service-kit';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { deleteItem } from './roadmap-repository';

export async function deleteRoadmapItem(ctx: AdminContext, id: string): Promise<void> {
  await withTransaction(ctx.deps.pool, async (client) => {
    if (!(await deleteItem(client, id))) throw notFound('Roadmap item not found', 'roadmap_item_not_found');
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'roadmap.deleted',
      targetType: 'roadmap_item',
      targetId: id,
    });
  });
}
