import type { FastifyInstance } from 'fastify';
import {
  CreateMapBody,
  MAP_BODY_LIMIT_BYTES,
  MapDetail,
  MapListQuery,
  MapPage,
  MapSchema,
  UpdateMapBody,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { registerPlanEntityRoutes } from '../shared/entity-routes';
import { createMap } from './create-map';
import { deleteMap } from './delete-map';
import { getMap } from './get-map';
import { listMaps } from './list-maps';
import { updateMap } from './update-map';

export async function mapRoutes(app: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  registerPlanEntityRoutes(app, deps, {
    kind: 'map',
    path: 'maps',
    bodyLimit: MAP_BODY_LIMIT_BYTES,
    schemas: {
      listQuery: MapListQuery,
      page: MapPage,
      create: CreateMapBody,
      created: MapSchema,
      detail: MapDetail,
      update: UpdateMapBody,
      updated: MapSchema,
    },
    list: listMaps,
    create: createMap,
    get: getMap,
    update: updateMap,
    remove: deleteMap,
  });
}
