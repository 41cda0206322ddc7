import {
  getPlanEntity,
  listPlanEntities,
  PAGE_LIMIT_MAX,
  type EntityKind,
  type PlanEntity,
} from '@tracemap/shell-core/tracking-plan';

/** Pages read at most: a map names up to a couple of thousand views; events beyond that are shown by id. */
const MAX_PAGES = 60;
const FEW = 10;

/**
 * The entities behind a set of ids, read by paging the list (there is no by-ids call): a map of
 * a thousand views costs five requests instead of a thousand. Stops as soon as all are found.
 */
export async function loadByIds<K extends EntityKind>(
  kind: K,
  companyId: string,
  ids: Iterable<string>,
  signal?: AbortSignal,
): Promise<Map<string, PlanEntity<K>>> {
  const wanted = new Set(ids);
  const found = new Map<string, PlanEntity<K>>();
  if (wanted.size === 0) return found;
  // A handful is cheaper read one by one than by paging a list of thousands.
  if (wanted.size <= FEW) {
    const read = await Promise.all(
      [...wanted].map((id) => getPlanEntity(kind, companyId, id, signal).catch(() => null)),
    );
    for (const entity of read) if (entity) found.set(entity.id, entity as PlanEntity<K>);
    return found;
  }
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES && found.size < wanted.size; page++) {
    const result = await listPlanEntities(
      kind,
      companyId,
      { limit: PAGE_LIMIT_MAX, includeArchived: true, sort: 'createdAt', cursor } as never,
      signal,
    );
    for (const item of result.items) if (wanted.has(item.id)) found.set(item.id, item as PlanEntity<K>);
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  return found;
}
