import { randomUUID } from 'node:crypto';
import type { CreateViewInput, PlanView } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { runIdempotent, type Outcome } from '../../core/idempotency';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { checkLinks } from '../shared/link-checks';
import { replaceAttributeLinks, replaceViewEvents } from '../shared/link-repository';
import { lintBeforeSave } from '../shared/lint-before-save';
import { loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { nameTaken } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { withNameCheck } from '../shared/write-helpers';
import { newViewDraft } from './view-fields';
import { findView, insertView } from './view-repository';

export async function createView(
  deps: CompanyDeps,
  actor: PlanActor,
  input: CreateViewInput,
  idempotencyKey?: string,
): Promise<Outcome<PlanView>> {
  const draft = newViewDraft(input);
  const { companyId, userId } = actor;
  const outcome = await tenantTransaction(deps.db, { companyId, userId }, (client) =>
    runIdempotent(
      client,
      { userId, key: idempotencyKey, route: 'create-view', body: { companyId, input } },
      async () => {
        await checkLinks(client, companyId, { attributes: draft.attributes, events: draft.events });
        const id = randomUUID();
        const candidate = { id, ...draft.fields, attributes: draft.attributes, events: draft.events };
        await lintBeforeSave(
          client,
          companyId,
          { kind: 'view', entity: candidate },
          await loadPlanSettings(client, companyId),
        );
        await withNameCheck(
          () => insertView(client, companyId, id, draft.fields),
          () => nameTaken('view', draft.fields.name),
        );
        await replaceAttributeLinks(client, 'company.plan_view_attributes', companyId, id, draft.attributes);
        await replaceViewEvents(client, companyId, id, draft.events);
        const created = (await findView(client, companyId, id))!;
        await recordHistory(client, {
          companyId,
          entityKind: 'view',
          entityId: id,
          action: 'created',
          actorUserId: userId,
          actor: actor.via,
          version: created.version,
          changes: fieldChanges({}, candidate),
        });
        return { statusCode: 201, body: created };
      },
    ),
  );
  planChanged(deps, companyId);
  return outcome;
}
