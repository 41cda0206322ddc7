import { randomUUID } from 'node:crypto';
import type { CreateMapInput, PlanMap } from '@tracemap/contracts';
import { fieldChanges } from '@tracemap/tracking-plan';
import type { CompanyDeps } from '../../core/deps';
import { runIdempotent, type Outcome } from '../../core/idempotency';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { lintBeforeSave } from '../shared/lint-before-save';
import { loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { nameTaken } from '../shared/plan-errors';
import { withNameCheck } from '../shared/write-helpers';
import { checkMap } from './map-checks';
import { newMapDraft } from './map-fields';
import { findMap, insertMap, replaceMapAttributes, replaceMapGraph } from './map-repository';

export async function createMap(
  deps: CompanyDeps,
  actor: PlanActor,
  input: CreateMapInput,
  idempotencyKey?: string,
): Promise<Outcome<PlanMap>> {
  const draft = newMapDraft(input);
  const { companyId, userId } = actor;
  const outcome = await tenantTransaction(deps.db, { companyId, userId }, (client) =>
    runIdempotent(
      client,
      { userId, key: idempotencyKey, route: 'create-map', body: { companyId, input } },
      async () => {
        await checkMap(client, companyId, draft, { attributes: true, graph: true });
        const id = randomUUID();
        const candidate = { id, ...draft.fields, nodes: draft.nodes, edges: draft.edges };
        await lintBeforeSave(
          client,
          companyId,
          { kind: 'map', entity: candidate },
          await loadPlanSettings(client, companyId),
        );
        await withNameCheck(
          () => insertMap(client, companyId, id, draft.fields),
          () => nameTaken('map', draft.fields.name),
        );
        await replaceMapAttributes(client, companyId, id, draft.attributes);
        await replaceMapGraph(client, companyId, id, draft.nodes, draft.edges);
        const created = (await findMap(client, companyId, id))!;
        await recordHistory(client, {
          companyId,
          entityKind: 'map',
          entityId: id,
          action: 'created',
          actorUserId: userId,
          version: created.version,
          changes: fieldChanges(
            {},
            { id, ...draft.fields, attributes: draft.attributes, nodes: draft.nodes, edges: draft.edges },
          ),
        });
        return { statusCode: 201, body: created };
      },
    ),
  );
  planChanged(deps, companyId);
  return outcome;
}
