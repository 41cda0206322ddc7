import type { UpdateViewInput, ViewDetail } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { checkLinks } from '../shared/link-checks';
import { replaceAttributeLinks, replaceViewEvents } from '../shared/link-repository';
import { lintBeforeSave } from '../shared/lint-before-save';
import { loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { entityNotFound, nameTaken } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { assertVersion, updateAction, withNameCheck } from '../shared/write-helpers';
import { mapsUsing } from '../maps/map-usage';
import { changedViewDraft } from './view-fields';
import { findView, updateView as storeView, viewUsage } from './view-repository';

/**
 * Sending `attributes` or `events` replaces those links as a whole, in the order given.
 * The answer names the maps the view is on: archiving a view keeps it on them, and the editor says where.
 */
export async function updateView(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; changes: UpdateViewInput; ifMatch?: number },
): Promise<ViewDetail> {
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
    await lintBeforeSave(
      client,
      companyId,
      { kind: 'view', entity: candidate },
      await loadPlanSettings(client, companyId),
    );
    await withNameCheck(
      () => storeView(client, companyId, input.id, draft.fields),
      () => nameTaken('view', draft.fields.name),
    );
    if (input.changes.attributes)
      await replaceAttributeLinks(client, 'company.plan_view_attributes', companyId, input.id, draft.attributes);
    if (input.changes.events) await replaceViewEvents(client, companyId, input.id, draft.events);
    const after = (await findView(client, companyId, input.id))!;
    const { version: _v, createdAt: _c, updatedAt: _u, ...before } = current;
    await recordHistory(client, {
      companyId,
      entityKind: 'view',
      entityId: input.id,
      action: updateAction(current.status, after.status),
      actorUserId: userId,
      actor: actor.via,
      version: after.version,
      changes: fieldChanges(before, candidate),
    });
    return {
      ...after,
      usedBy: { ...viewUsage(), maps: await mapsUsing(client, companyId, { kind: 'view', id: input.id }) },
    };
  });
  planChanged(deps, companyId);
  return updated;
}
