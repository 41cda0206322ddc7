import type { PlanEvent, UpdateEventInput } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { checkLinks } from '../shared/link-checks';
import { replaceAttributeLinks } from '../shared/link-repository';
import { lintBeforeSave } from '../shared/lint-before-save';
import { loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { entityNotFound, nameTaken } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { assertVersion, updateAction, withNameCheck } from '../shared/write-helpers';
import { changedEventDraft } from './event-fields';
import { findEvent, updateEvent as storeEvent } from './event-repository';

/** Sending `attributes` replaces the event's links as a whole, in the order given. */
export async function updateEvent(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; changes: UpdateEventInput; ifMatch?: number },
): Promise<PlanEvent> {
  const { companyId, userId } = actor;
  const updated = await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const current = await findEvent(client, companyId, input.id, { forUpdate: true });
    if (!current) throw entityNotFound('event');
    assertVersion(current, input.ifMatch, current);
    const draft = changedEventDraft(current, input.changes);
    if (input.changes.attributes) await checkLinks(client, companyId, { attributes: draft.attributes });
    const candidate = { id: input.id, ...draft.fields, attributes: draft.attributes };
    await lintBeforeSave(
      client,
      companyId,
      { kind: 'event', entity: candidate },
      await loadPlanSettings(client, companyId),
    );
    await withNameCheck(
      () => storeEvent(client, companyId, input.id, draft.fields),
      () => nameTaken('event', draft.fields.name),
    );
    if (input.changes.attributes)
      await replaceAttributeLinks(client, 'company.plan_event_attributes', companyId, input.id, draft.attributes);
    const after = (await findEvent(client, companyId, input.id))!;
    const { version: _v, createdAt: _c, updatedAt: _u, ...before } = current;
    await recordHistory(client, {
      companyId,
      entityKind: 'event',
      entityId: input.id,
      action: updateAction(current.status, after.status),
      actorUserId: userId,
      actor: actor.via,
      version: after.version,
      changes: fieldChanges(before, candidate),
    });
    return after;
  });
  planChanged(deps, companyId);
  return updated;
}
