import type { FastifyInstance } from 'fastify';
import {
  AttributeDetail,
  AttributeListQuery,
  AttributePage,
  AttributeSchema,
  CreateAttributeBody,
  UpdateAttributeBody,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { registerPlanEntityRoutes } from '../shared/entity-routes';
import { createAttribute } from './create-attribute';
import { deleteAttribute } from './delete-attribute';
import { getAttribute } from './get-attribute';
import { listAttributes } from './list-attributes';
import { updateAttribute } from './update-attribute';

export async function attributeRoutes(app: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  registerPlanEntityRoutes(app, deps, {
    kind: 'attribute',
    path: 'attributes',
    schemas: {
      listQuery: AttributeListQuery,
      page: AttributePage,
      create: CreateAttributeBody,
      created: AttributeSchema,
      detail: AttributeDetail,
      update: UpdateAttributeBody,
      updated: AttributeSchema,
    },
    list: listAttributes,
    create: createAttribute,
    get: getAttribute,
    update: updateAttribute,
    remove: deleteAttribute,
  });
}
