import { withoutNulls, type PlanMap, type UpdateMapInput } from '@tracemap/contracts';
import { fieldChanges } from '@tracemap/tracking-plan';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { lintBeforeSave } from '../shared/lint-before-save';
import { loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { entityNotFound, nameTaken } from '../shared/plan-errors';
import { assertVersion, updateAction, withNameCheck } from '../shared/write-helpers';
import { checkMap } from './map-checks';
import { changedMapDraft } from './map-fields';
import { findMap, replaceMapAttributes, replaceMapGraph, updateMap as storeMap } from './map-repository';

/** Sending `attributes`, `nodes` or `edges` replaces them as a whole, in the order given. */
export async function updateMap(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; changes: UpdateMapInput; ifMatch?: number },
): Promise<PlanMap> {
  const { companyId, userId } = actor;
  const updated = await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const current = await findMap(client, companyId, input.id, { forUpdate: true });
    if (!current) throw entityNotFound('map');
    assertVersion(current, input.ifMatch, current);
    // A field sent as null is not changed.
    const changes = withoutNulls(input.changes);
    const draft = changedMapDraft(current, changes);
    const graphSent = changes.nodes !== undefined || changes.edges !== undefined;
    await checkMap(client, companyId, draft, { attributes: changes.attributes !== undefined, graph: graphSent });
    const candidate = { id: input.id, ...draft.fields, nodes: draft.nodes, edges: draft.edges };
    await lintBeforeSave(
      client,
      companyId,
      { kind: 'map', entity: candidate },
      await loadPlanSettings(client, companyId),
    );
    await withNameCheck(
      () => storeMap(client, companyId, input.id, draft.fields),
      () => nameTaken('map', draft.fields.name),
    );
    if (changes.attributes) await replaceMapAttributes(client, companyId, input.id, draft.attributes);
    if (graphSent) await replaceMapGraph(client, companyId, input.id, draft.nodes, draft.edges);
    const after = (await findMap(client, companyId, input.id))!;
    const { version: _v, createdAt: _c, updatedAt: _u, ...before } = current;
    await recordHistory(client, {
      companyId,
      entityKind: 'map',
      entityId: input.id,
      action: updateAction(current.status, after.status),
      actorUserId: userId,
      version: after.version,
      changes: fieldChanges(before, {
        id: input.id,
        ...draft.fields,
        attributes: draft.attributes,
        nodes: draft.nodes,
        edges: draft.edges,
      }),
    });
    return after;
  });
  planChanged(deps, companyId);
  return updated;
}
