import { withTransaction } from '@tracemap/service-kit';
import type { AdminRoadmapItem, RoadmapItemInput } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { insertItem } from './roadmap-repository';

export async function createRoadmapItem(ctx: AdminContext, input: RoadmapItemInput): Promise<AdminRoadmapItem> {
  return withTransaction(ctx.deps.pool, async (client) => {
    const item = await insertItem(client, {
      title: input.title.trim(),
      description: input.description ?? '',
      status: input.status ?? 'planned',
      published: input.published ?? false,
    });
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'roadmap.created',
      targetType: 'roadmap_item',
      targetId: item.id,
      details: { title: item.title, published: item.published },
    });
    return item;
  });
}
