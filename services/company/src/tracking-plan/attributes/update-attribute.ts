import type { Attribute, UpdateAttributeInput } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { lintBeforeSave } from '../shared/lint-before-save';
import { exposedOnly, loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { entityNotFound, nameTaken } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { assertVersion, updateAction, withNameCheck } from '../shared/write-helpers';
import { changedAttributeFields } from './attribute-fields';
import { findAttribute, updateAttribute as storeAttribute } from './attribute-repository';

/** Archiving and restoring are updates of `status`. A stale If-Match version answers 409 with the current attribute. */
export async function updateAttribute(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; changes: UpdateAttributeInput; ifMatch?: number },
): Promise<Attribute> {
  const { companyId, userId } = actor;
  const updated = await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const current = await findAttribute(client, companyId, input.id, { forUpdate: true });
    if (!current || (exposedOnly(actor) && !current.exposed)) throw entityNotFound('attribute');
    assertVersion(current, input.ifMatch, current);
    const fields = changedAttributeFields(current, input.changes);
    await lintBeforeSave(
      client,
      companyId,
      { kind: 'attribute', entity: { ...current, ...fields } },
      await loadPlanSettings(client, companyId),
    );
    const after = await withNameCheck(
      () => storeAttribute(client, companyId, input.id, fields),
      () => nameTaken('attribute', fields.name, fields.scope),
    );
    const { version: _v, createdAt: _c, updatedAt: _u, ...before } = current;
    await recordHistory(client, {
      companyId,
      entityKind: 'attribute',
      entityId: input.id,
      action: updateAction(current.status, after.status),
      actorUserId: userId,
      actor: actor.via,
      version: after.version,
      changes: fieldChanges(before, { id: input.id, ...fields }),
    });
    return after;
  });
  planChanged(deps, companyId);
  return updated;
}
