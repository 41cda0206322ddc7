import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AdminUserListSchema,
  AuthAdminCreateUserBody as CreateUserBody,
  AuthAdminDeleteUserBody as DeleteBody,
  AuthAdminInviteBody as InviteBody,
  AuthAdminListUsersQuery as ListQuery,
  AuthAdminUpdateUserBody as UpdateUserBody,
  AuthAdminUserParams as UserParams,
  AuthGenerateLinkBody as LinkBody,
  AuthRedirectQuery as RedirectQuery,
  AuthUserSchema,
  GeneratedLinkSchema,
} from '@tracemap/contracts';
import type { AuthDeps } from '../lib/deps';
import { requireServiceRole } from '../lib/request-context';
import { adminCreateUser } from '../use-cases/admin-create-user';
import { adminGenerateLink } from '../use-cases/admin-generate-link';
import { adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser } from '../use-cases/admin-manage-users';
import { inviteUser } from '../use-cases/invite-user';

/** Service-role endpoints (`supabase.auth.admin.*`). No email is sent except by `/invite`. */
export default async function adminRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.addHook('preValidation', async (request) => requireServiceRole(deps, request));

  app.post<{ Body: Static<typeof CreateUserBody> }>(
    '/admin/users',
    { schema: { body: CreateUserBody, response: { 200: AuthUserSchema } } },
    async (request) => {
      const b = request.body;
      return adminCreateUser(deps, {
        email: b.email,
        password: b.password,
        emailConfirm: b.email_confirm,
        userMetadata: b.user_metadata,
        appMetadata: b.app_metadata,
      });
    },
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/admin/users',
    { schema: { querystring: ListQuery, response: { 200: AdminUserListSchema } } },
    async (request, reply) => {
      const page = Number(request.query.page) || 1;
      const perPage = Number(request.query.per_page) || 50;
      const { users, aud, total } = await adminListUsers(deps, page, perPage);
      reply.header('x-total-count', String(total));
      return { users, aud };
    },
  );

  app.get<{ Params: Static<typeof UserParams> }>(
    '/admin/users/:id',
    { schema: { params: UserParams, response: { 200: AuthUserSchema } } },
    async (request) => adminGetUser(deps, request.params.id),
  );

  app.put<{ Params: Static<typeof UserParams>; Body: Static<typeof UpdateUserBody> }>(
    '/admin/users/:id',
    { schema: { params: UserParams, body: UpdateUserBody, response: { 200: AuthUserSchema } } },
    async (request) => {
      const b = request.body;
      return adminUpdateUser(deps, request.params.id, {
        email: b.email,
        password: b.password,
        emailConfirm: b.email_confirm,
        userMetadata: b.user_metadata,
        appMetadata: b.app_metadata,
        banDuration: b.ban_duration,
      });
    },
  );

  app.delete<{ Params: Static<typeof UserParams> }>(
    '/admin/users/:id',
    { schema: { params: UserParams, body: DeleteBody, response: { 200: AuthUserSchema } } },
    async (request) => adminDeleteUser(deps, request.params.id),
  );

  app.post<{ Body: Static<typeof LinkBody>; Querystring: Static<typeof RedirectQuery> }>(
    '/admin/generate_link',
    { schema: { body: LinkBody, querystring: RedirectQuery, response: { 200: GeneratedLinkSchema } } },
    async (request) => {
      const b = request.body;
      return adminGenerateLink(deps, {
        type: b.type,
        email: b.email,
        password: b.password,
        data: b.data ?? undefined,
        newEmail: b.new_email,
        redirectTo: request.query.redirect_to ?? b.redirect_to ?? b.redirectTo,
      });
    },
  );

  app.post<{ Body: Static<typeof InviteBody>; Querystring: Static<typeof RedirectQuery> }>(
    '/invite',
    { schema: { body: InviteBody, querystring: RedirectQuery, response: { 200: AuthUserSchema } } },
    async (request) =>
      inviteUser(deps, {
        email: request.body.email,
        data: request.body.data ?? undefined,
        redirectTo: request.query.redirect_to,
      }),
  );
}
