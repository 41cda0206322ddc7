import { randomUUID } from 'node:crypto';
import type { CreateEventInput, PlanEvent } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { runIdempotent, type Outcome } from '../../core/idempotency';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { checkLinks } from '../shared/link-checks';
import { replaceAttributeLinks } from '../shared/link-repository';
import { lintBeforeSave } from '../shared/lint-before-save';
import { loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { nameTaken } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { withNameCheck } from '../shared/write-helpers';
import { newEventDraft } from './event-fields';
import { findEvent, insertEvent } from './event-repository';

export async function createEvent(
  deps: CompanyDeps,
  actor: PlanActor,
  input: CreateEventInput,
  idempotencyKey?: string,
): Promise<Outcome<PlanEvent>> {
  const draft = newEventDraft(input);
  const { companyId, userId } = actor;
  const outcome = await tenantTransaction(deps.db, { companyId, userId }, (client) =>
    runIdempotent(
      client,
      { userId, key: idempotencyKey, route: 'create-event', body: { companyId, input } },
      async () => {
        await checkLinks(client, companyId, { attributes: draft.attributes });
        const id = randomUUID();
        await lintBeforeSave(
          client,
          companyId,
          { kind: 'event', entity: { id, ...draft.fields, attributes: draft.attributes } },
          await loadPlanSettings(client, companyId),
        );
        await withNameCheck(
          () => insertEvent(client, companyId, id, draft.fields),
          () => nameTaken('event', draft.fields.name),
        );
        await replaceAttributeLinks(client, 'company.plan_event_attributes', companyId, id, draft.attributes);
        const created = (await findEvent(client, companyId, id))!;
        await recordHistory(client, {
          companyId,
          entityKind: 'event',
          entityId: id,
          action: 'created',
          actorUserId: userId,
          actor: actor.via,
          version: created.version,
          changes: fieldChanges({}, { ...draft.fields, attributes: draft.attributes }),
        });
        return { statusCode: 201, body: created };
      },
    ),
  );
  planChanged(deps, companyId);
  return outcome;
}
