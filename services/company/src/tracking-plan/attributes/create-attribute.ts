import { randomUUID } from 'node:crypto';
import type { Attribute, CreateAttributeInput } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { runIdempotent, type Outcome } from '../../core/idempotency';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { lintBeforeSave } from '../shared/lint-before-save';
import { loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { nameTaken } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { withNameCheck } from '../shared/write-helpers';
import { newAttributeFields } from './attribute-fields';
import { insertAttribute } from './attribute-repository';

export async function createAttribute(
  deps: CompanyDeps,
  actor: PlanActor,
  input: CreateAttributeInput,
  idempotencyKey?: string,
): Promise<Outcome<Attribute>> {
  const fields = newAttributeFields(input);
  const { companyId, userId } = actor;
  const outcome = await tenantTransaction(deps.db, { companyId, userId }, (client) =>
    runIdempotent(
      client,
      { userId, key: idempotencyKey, route: 'create-attribute', body: { companyId, input } },
      async () => {
        const id = randomUUID();
        await lintBeforeSave(
          client,
          companyId,
          { kind: 'attribute', entity: { id, ...fields } },
          await loadPlanSettings(client, companyId),
        );
        const created = await withNameCheck(
          () => insertAttribute(client, companyId, id, fields),
          () => nameTaken('attribute', fields.name, fields.scope),
        );
        await recordHistory(client, {
          companyId,
          entityKind: 'attribute',
          entityId: id,
          action: 'created',
          actorUserId: userId,
          actor: actor.via,
          version: created.version,
          changes: fieldChanges({}, fields),
        });
        return { statusCode: 201, body: created };
      },
    ),
  );
  planChanged(deps, companyId);
  return outcome;
}
