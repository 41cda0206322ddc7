import type { Static } from '@sinclair/typebox';
import { SetAdminBody, SetAdminResponse } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import { setProductAdmin } from './set-product-admin';
import type { AdminRouteOptions } from '../route-options';

/** The older form of granting product admin, kept for its callers; registered inside the admin area, behind its gate. */
export default async function adminsRoute(app: FastifyInstance, { context }: AdminRouteOptions) {
  app.post<{ Body: Static<typeof SetAdminBody> }>(
    '/api/account/admins',
    {
      schema: { body: SetAdminBody, response: { 200: SetAdminResponse } },
      config: { failureMessage: 'Could not change administrator access. Try again later.' },
    },
    async (request) => {
      await setProductAdmin(context(request), request.body.userId, request.body.admin);
      return { userId: request.body.userId, anamap_admin: request.body.admin };
    },
  );
}
