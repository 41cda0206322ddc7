import type { AdminRoadmapItem } from '@tracemap/contracts';
import type { AccountDeps } from '../../deps';
import { listItems } from './roadmap-repository';

export async function listRoadmapItems(deps: AccountDeps): Promise<{ items: AdminRoadmapItem[] }> {
  return { items: await listItems(deps.pool) };
}
