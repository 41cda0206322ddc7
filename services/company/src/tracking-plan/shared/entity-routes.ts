import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompanyPathParams,
  EntityPathParams,
  HistoryPage,
  HistoryQuery,
  IfMatchHeaders,
  ProposalQuery,
  type HistoryEntityKind,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import type { Outcome } from '../../core/idempotency';
import { listEntityHistory } from '../history/list-entity-history';
import { parseIfMatch, type PlanActor } from './plan-context';
import { PLAN_FAILURE } from './plan-errors';
import { actorOf, CreateHeaders, editAccess, NoContent, readAccess, writeAsIs } from './route-kit';

/** What one kind of plan entity brings: its path, its contracts and its use cases. */
export interface PlanEntitySpec<TQuery extends TSchema, TCreate extends TSchema, TUpdate extends TSchema> {
  kind: HistoryEntityKind;
  /** The collection's path segment, e.g. `attributes`. */
  path: string;
  /** Bodies of create and PATCH beyond the service's usual limit (a map is saved whole). */
  bodyLimit?: number;
  schemas: {
    listQuery: TQuery;
    page: TSchema;
    create: TCreate;
    created: TSchema;
    detail: TSchema;
    update: TUpdate;
    /** What a PATCH answers (views and maps answer with their usage, so archiving one says where it is used). */
    updated: TSchema;
  };
  list(deps: CompanyDeps, actor: PlanActor, filters: Static<TQuery>): Promise<unknown>;
  create(
    deps: CompanyDeps,
    actor: PlanActor,
    input: Static<TCreate>,
    idempotencyKey?: string,
  ): Promise<Outcome<unknown>>;
  get(deps: CompanyDeps, actor: PlanActor, id: string): Promise<unknown>;
  update(
    deps: CompanyDeps,
    actor: PlanActor,
    input: { id: string; changes: Static<TUpdate>; ifMatch?: number },
  ): Promise<unknown>;
  remove(deps: CompanyDeps, actor: PlanActor, id: string): Promise<void>;
}

/**
 * The six routes every plan entity has under `/:companyId/{path}`: list,
 * create (Idempotency-Key), get with usage, PATCH with If-Match, delete and
 * history. Members read; creator, admin and owner write.
 */
export function registerPlanEntityRoutes<TQuery extends TSchema, TCreate extends TSchema, TUpdate extends TSchema>(
  parent: FastifyInstance,
  deps: CompanyDeps,
  spec: PlanEntitySpec<TQuery, TCreate, TUpdate>,
): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { schemas } = spec;
  const tags = [spec.path];
  const collection = `/:companyId/${spec.path}`;
  const item = `${collection}/:id`;

  app.get(
    collection,
    {
      schema: { tags, params: CompanyPathParams, querystring: schemas.listQuery, response: { 200: schemas.page } },
      serializerCompiler: writeAsIs,
      config: { failureMessage: PLAN_FAILURE.list },
      preHandler: readAccess(deps),
    },
    (request) => spec.list(deps, actorOf(request), request.query),
  );

  app.post(
    collection,
    {
      schema: {
        tags,
        params: CompanyPathParams,
        querystring: ProposalQuery,
        headers: CreateHeaders,
        body: schemas.create,
        response: { 201: schemas.created },
      },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
      bodyLimit: spec.bodyLimit,
    },
    async (request, reply) => {
      const outcome = await spec.create(deps, actorOf(request), request.body, request.headers['idempotency-key']);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body);
    },
  );

  app.get(
    item,
    {
      schema: { tags, params: EntityPathParams, querystring: ProposalQuery, response: { 200: schemas.detail } },
      config: { failureMessage: PLAN_FAILURE.read },
      preHandler: readAccess(deps),
    },
    (request) => spec.get(deps, actorOf(request), request.params.id),
  );

  app.patch(
    item,
    {
      schema: {
        tags,
        params: EntityPathParams,
        querystring: ProposalQuery,
        headers: IfMatchHeaders,
        body: schemas.update,
        response: { 200: schemas.updated },
      },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
      bodyLimit: spec.bodyLimit,
    },
    (request) =>
      spec.update(deps, actorOf(request), {
        id: request.params.id,
        changes: request.body,
        ifMatch: parseIfMatch(request.headers['if-match']),
      }),
  );

  app.delete(
    item,
    {
      schema: { tags, params: EntityPathParams, querystring: ProposalQuery, response: { 204: NoContent } },
      config: { failureMessage: PLAN_FAILURE.remove },
      preHandler: editAccess(deps),
    },
    async (request, reply) => {
      await spec.remove(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${item}/history`,
    {
      schema: { tags, params: EntityPathParams, querystring: HistoryQuery, response: { 200: HistoryPage } },
      config: { failureMessage: PLAN_FAILURE.history },
      preHandler: readAccess(deps),
    },
    (request) =>
      listEntityHistory(deps, actorOf(request), {
        kind: spec.kind,
        id: request.params.id,
        cursor: request.query.cursor,
        limit: request.query.limit,
        requestId: request.id,
      }),
  );
}
