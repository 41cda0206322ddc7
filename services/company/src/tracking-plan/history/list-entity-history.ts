import type { HistoryEntityKind, HistoryEntry, PageOf } from '@tracemap/contracts';
import { PAGE_LIMIT_DEFAULT } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import type { CompanyDeps } from '../../core/deps';
import type { Profile } from '../../core/peers';
import { tenantTransaction } from '../../core/tenant';
import { exposedOnly, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { listHistory } from './history-repository';
import { redactHiddenAttributes, viewerVisibleAttributes } from './redact-hidden-attributes';

const TABLES: Record<HistoryEntityKind, string> = {
  attribute: 'company.plan_attributes',
  event: 'company.plan_events',
  view: 'company.plan_views',
  map: 'company.maps',
};

/**
 * Whether the caller may read this entity's history: it exists in the
 * company, or it was deleted and left history. An attribute a viewer may
 * not see (hidden, or hidden when deleted) has no history for them.
 */
async function historyVisible(db: Queryable, actor: PlanActor, kind: HistoryEntityKind, id: string): Promise<boolean> {
  if (kind === 'attribute' && exposedOnly(actor))
    return (await viewerVisibleAttributes(db, actor.companyId, [id])).has(id.toLowerCase());
  const { rows } = await db.query<{ visible: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${TABLES[kind]} WHERE company_id = $1 AND id = $2)
         OR EXISTS (SELECT 1 FROM company.plan_history WHERE company_id = $1 AND entity_kind = $3 AND entity_id = $2) AS visible`,
    [actor.companyId, id, kind],
  );
  return rows[0].visible;
}

/** What the history shows for who acted: their name, else their email (accounts need not have a name), else null. */
function actorName(profile: Profile | undefined): string | null {
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ').trim();
  return name || profile?.email || null;
}

/** Who changed the entity, when, to which version and how; newest first. */
export async function listEntityHistory(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { kind: HistoryEntityKind; id: string; cursor?: string; limit?: number; requestId: string },
): Promise<PageOf<HistoryEntry>> {
  const page = await tenantTransaction(
    deps.db,
    { companyId: actor.companyId, userId: actor.userId },
    async (client) => {
      if (!(await historyVisible(client, actor, input.kind, input.id))) throw entityNotFound(input.kind);
      const found = await listHistory(client, {
        companyId: actor.companyId,
        entityKind: input.kind,
        entityId: input.id,
        cursor: input.cursor,
        limit: input.limit ?? PAGE_LIMIT_DEFAULT,
      });
      if (!exposedOnly(actor)) return found;
      return { ...found, items: await redactHiddenAttributes(client, actor.companyId, found.items) };
    },
  );
  // Names come from account after the transaction, one lookup per page; without it entries keep their user ids.
  const actorIds = [...new Set(page.items.map((e) => e.actorUserId).filter((id): id is string => id !== null))];
  const profiles = await deps.peers.profiles(actorIds, input.requestId);
  return {
    ...page,
    items: page.items.map((entry) => ({
      ...entry,
      actorName: actorName(entry.actorUserId ? profiles.get(entry.actorUserId) : undefined),
    })),
  };
}
