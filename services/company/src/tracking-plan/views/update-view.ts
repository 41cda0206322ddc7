import type { PlanView, UpdateViewInput } from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { tenantTransaction } from '../../lib/tenant';
import { recordHistory } from '../history/history-repository';
import { checkLinks } from '../shared/link-checks';
import { replaceAttributeLinks, replaceViewEvents } from '../shared/link-repository';
import { lintBeforeSave } from '../shared/lint-before-save';
import { loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { entityNotFound, nameTaken } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { assertVersion, updateAction, withNameCheck } from '../shared/write-helpers';
import { changedViewDraft } from './view-fields';
import { findView, updateView as storeView } from './view-repository';

/** Sending `attributes` or `events` replaces those links as a whole, in the order given. */
export async function updateView(deps: CompanyDeps, actor: PlanActor, input: { id: string; changes: UpdateViewInput; ifMatch?: number }): Promise<PlanView> {
  const { companyId, userId } = actor;
  const updated = await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const current = await findView(client, companyId, input.id, { forUpdate: true });
    if (!current) throw entityNotFound('view');
    assertVersion(current, input.ifMatch, current);
    const draft = changedViewDraft(current, input.changes);
    await checkLinks(client, companyId, {
      attributes: input.changes.attributes ? draft.attributes : [],
      events: input.changes.events ? draft.events : [],
    });
    const candidate = { id: input.id, ...draft.fields, attributes: draft.attributes, events: draft.events };
    await lintBeforeSave(client, companyId, { kind: 'view', entity: candidate }, await loadPlanSettings(client, companyId));
    await withNameCheck(
      () => storeView(client, companyId, input.id, draft.fields),
      () => nameTaken('view', draft.fields.name),
    );
    if (input.changes.attributes) await replaceAttributeLinks(client, 'company.plan_view_attributes', companyId, input.id, draft.attributes);
    if (input.changes.events) await replaceViewEvents(client, companyId, input.id, draft.events);
    const after = (await findView(client, companyId, input.id))!;
    const { version: _v, createdAt: _c, updatedAt: _u, ...before } = current;
    await recordHistory(client, {
      companyId,
      entityKind: 'view',
      entityId: input.id,
      action: updateAction(current.status, after.status),
      actorUserId: userId,
      version: after.version,
      changes: fieldChanges(before, candidate),
    });
    return after;
  });
  planChanged(deps, companyId);
  return updated;
}
