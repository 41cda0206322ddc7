import { useCallback, useEffect, useRef, useState } from 'react';
import { getPlanEntity, type EntityKind, type PlanEntity } from '@tracemap/shell-core/tracking-plan';

export type Lookup<K extends EntityKind> = Record<string, PlanEntity<K> | 'missing'>;

/**
 * The entities behind a list of linked ids (a link holds only the id), read once each while
 * the page is open. Entities the user just picked are remembered without a request.
 */
export function useEntityLookup<K extends EntityKind>(kind: K, companyId: string, ids: string[]) {
  const [found, setFound] = useState<Lookup<K>>({});
  const asked = useRef(new Set<string>());
  const key = ids.join(',');

  useEffect(() => {
    const wanted = key ? key.split(',') : [];
    for (const id of wanted) {
      if (asked.current.has(id)) continue;
      asked.current.add(id);
      getPlanEntity(kind, companyId, id).then(
        (entity) => setFound((f) => ({ ...f, [id]: entity })),
        () => setFound((f) => ({ ...f, [id]: 'missing' })),
      );
    }
  }, [kind, companyId, key]);

  const remember = useCallback((entity: PlanEntity<K>) => {
    asked.current.add(entity.id);
    setFound((f) => ({ ...f, [entity.id]: entity }));
  }, []);

  return { found, remember };
}
