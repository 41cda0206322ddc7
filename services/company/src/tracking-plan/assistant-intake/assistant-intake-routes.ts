import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AssistantIntakeAnswer,
  AssistantIntakeBody,
  CompanyIdParams,
  CreateAttributeBody,
  CreateEventBody,
  CreateViewBody,
  UpdateAttributeBody,
  UpdateEventBody,
  UpdateViewBody,
  type ProposeChangeInput,
} from '@tracemap/contracts';
import { AppError, requireServiceToken } from '@tracemap/service-kit';
import type { CompanyDeps } from '../../core/deps';
import { FAILURE } from '../../core/messages';
import { takeAssistantIntake, type AssistantChange } from './take-assistant-intake';

/**
 * `POST /internal/companies/:companyId/assistant-intake` (service token): the insights service
 * applies a change the assistant drafted, for the editor named in the body. The draft's fields
 * are checked here against the plan's own create or update body, with the same wording as the
 * plan's routes; the use case's errors are the plan's own (404, 409, 422…).
 */
export async function assistantIntakeInternalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/companies/:companyId/assistant-intake',
    {
      schema: { params: CompanyIdParams, body: AssistantIntakeBody, response: { 200: AssistantIntakeAnswer } },
      config: { failureMessage: FAILURE.internal },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    (request) =>
      takeAssistantIntake(
        deps,
        request.params.companyId,
        request.body.userId,
        checkedChange(request, request.body.draft),
      ),
  );
}

/** The draft as a change of the plan, once its fields are what the plan's own route for it accepts. */
function checkedChange(request: FastifyRequest, draft: ProposeChangeInput): AssistantChange {
  const { action, entity, fields } = draft;
  if (action === 'create') {
    if (entity === 'event' && conforms(request, CreateEventBody, fields)) return { action, entity, fields };
    if (entity === 'attribute' && conforms(request, CreateAttributeBody, fields)) return { action, entity, fields };
    if (entity === 'view' && conforms(request, CreateViewBody, fields)) return { action, entity, fields };
    throw new AppError(400, 'validation_failed', 'Invalid request');
  }
  const id = draft.id;
  if (id === undefined) throw new AppError(400, 'validation_failed', 'id required');
  // Archiving takes no fields: whatever the draft carries besides is not applied.
  if (action === 'archive') return { action, entity, id };
  if (entity === 'event' && conforms(request, UpdateEventBody, fields)) return { action, entity, id, fields };
  if (entity === 'attribute' && conforms(request, UpdateAttributeBody, fields)) return { action, entity, id, fields };
  if (entity === 'view' && conforms(request, UpdateViewBody, fields)) return { action, entity, id, fields };
  throw new AppError(400, 'validation_failed', 'Invalid request');
}

/**
 * True when `value` passes `schema` with the service's own body validator (defaults filled in);
 * otherwise throws the validator's refusal, which the error handler words as for a request body.
 */
function conforms<S extends TSchema>(request: FastifyRequest, schema: S, value: unknown): value is Static<S> {
  const validate = request.compileValidationSchema(schema, 'body');
  if (validate(value)) return true;
  throw Object.assign(new Error('the drafted fields do not validate'), {
    statusCode: 400,
    validation: validate.errors ?? [],
    validationContext: 'fields',
  });
}
