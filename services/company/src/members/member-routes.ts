import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../core/deps';
import { FAILURE } from '../core/messages';
import { companyAccess } from '../core/company-access';
import { changeMemberRole } from './change-member-role';
import { removeMember } from './remove-member';
import { Id, RoleSchema, strict } from '../core/schemas';

const ChangeBody = Type.Object({ companyId: Id, userId: Id, role: RoleSchema }, strict);
const RemoveBody = Type.Object({ companyId: Id, userId: Id }, strict);

export async function permissionRoutes(app: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  app.patch(
    '/permissions',
    {
      schema: { body: ChangeBody },
      config: { failureMessage: FAILURE.permissionUpdate, audit: 'membership.role_changed' },
      preHandler: companyAccess(deps, { access: 'admin', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request) => {
      const body = request.body as Static<typeof ChangeBody>;
      return changeMemberRole(deps, { companyId: body.companyId, actorUserId: request.company!.userId, targetUserId: body.userId, role: body.role });
    },
  );

  // Any member may call it to leave; removing someone else needs admin rights (checked by the use case).
  app.delete(
    '/permissions',
    {
      schema: { body: RemoveBody },
      config: { failureMessage: FAILURE.permissionDelete, audit: 'membership.removed' },
      preHandler: companyAccess(deps, { access: 'member', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request) => {
      const body = request.body as Static<typeof RemoveBody>;
      return removeMember(deps, { companyId: body.companyId, actorUserId: request.company!.userId, targetUserId: body.userId });
    },
  );
}
