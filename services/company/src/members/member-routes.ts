import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ChangedRoleResponse, ChangeRoleBody, RemovedMemberResponse, RemoveMemberBody } from '@tracemap/contracts';
import type { CompanyDeps } from '../core/deps';
import { FAILURE } from '../core/messages';
import { companyAccess } from '../core/company-access';
import { changeMemberRole } from './change-member-role';
import { removeMember } from './remove-member';

export async function permissionRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.patch(
    '/permissions',
    {
      schema: { body: ChangeRoleBody, response: { 200: ChangedRoleResponse } },
      config: { failureMessage: FAILURE.permissionUpdate, audit: 'membership.role_changed' },
      preHandler: companyAccess(deps, { access: 'admin', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request) => {
      const { companyId, userId, role } = request.body;
      return changeMemberRole(deps, { companyId, actorUserId: request.company!.userId, targetUserId: userId, role });
    },
  );

  // Any member may call it to leave; removing someone else needs admin rights (checked by the use case).
  app.delete(
    '/permissions',
    {
      schema: { body: RemoveMemberBody, response: { 200: RemovedMemberResponse } },
      config: { failureMessage: FAILURE.permissionDelete, audit: 'membership.removed' },
      preHandler: companyAccess(deps, { access: 'member', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request) => {
      const { companyId, userId } = request.body;
      return removeMember(deps, { companyId, actorUserId: request.company!.userId, targetUserId: userId });
    },
  );
}
