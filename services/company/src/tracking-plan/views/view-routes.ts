import type { FastifyInstance } from 'fastify';
import { CreateViewBody, UpdateViewBody, ViewDetail, ViewListQuery, ViewPage, ViewSchema } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { registerPlanEntityRoutes } from '../shared/entity-routes';
import { createView } from './create-view';
import { deleteView } from './delete-view';
import { getView } from './get-view';
import { listViews } from './list-views';
import { updateView } from './update-view';

export async function viewRoutes(app: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  registerPlanEntityRoutes(app, deps, {
    kind: 'view',
    path: 'views',
    schemas: {
      listQuery: ViewListQuery,
      page: ViewPage,
      create: CreateViewBody,
      created: ViewSchema,
      detail: ViewDetail,
      update: UpdateViewBody,
      // Answered with its usage, so archiving a view says which maps still show it.
      updated: ViewDetail,
    },
    list: listViews,
    create: createView,
    get: getView,
    update: updateView,
    remove: deleteView,
  });
}
