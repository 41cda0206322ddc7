import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../lib/deps';
import { requireServiceRole } from '../lib/request-context';
import { adminCreateUser } from '../use-cases/admin-create-user';
import { adminGenerateLink } from '../use-cases/admin-generate-link';
import { adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser } from '../use-cases/admin-manage-users';
import { inviteUser } from '../use-cases/invite-user';
import { Email, Metadata, OptionalNullable, Password, RedirectQuery, Strict } from './schemas';
import { AdminUserListSchema, AuthUserSchema, GeneratedLinkSchema } from '@tracemap/contracts';

const CreateUserBody = Type.Object(
  {
    email: Email,
    password: Type.Optional(Password),
    email_confirm: Type.Optional(Type.Boolean()),
    user_metadata: Type.Optional(Metadata),
    app_metadata: Type.Optional(Metadata),
  },
  Strict,
);
const UpdateUserBody = Type.Object(
  {
    email: Type.Optional(Email),
    password: Type.Optional(Password),
    email_confirm: Type.Optional(Type.Boolean()),
    user_metadata: Type.Optional(Metadata),
    app_metadata: Type.Optional(Metadata),
    ban_duration: Type.Optional(Type.String({ pattern: '^(none|[0-9]{1,6}h)$' })),
  },
  Strict,
);
const LinkBody = Type.Object(
  {
    type: Type.Union(
      ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'].map((t) => Type.Literal(t)),
    ),
    email: Email,
    password: Type.Optional(Password),
    new_email: Type.Optional(Email),
    data: OptionalNullable(Metadata),
    redirect_to: Type.Optional(Type.String({ maxLength: 2048 })),
    redirectTo: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  Strict,
);
const InviteBody = Type.Object({ email: Email, data: OptionalNullable(Metadata) }, Strict);
const UserParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, Strict);
const DeleteBody = Type.Optional(Type.Object({ should_soft_delete: Type.Optional(Type.Boolean()) }, Strict));
const ListQuery = Type.Object(
  {
    page: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('')])),
    per_page: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Literal('')])),
  },
  Strict,
);

/** Service-role endpoints (`supabase.auth.admin.*`). No email is sent except by `/invite`. */
export default async function adminRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.addHook('preValidation', async (request) => requireServiceRole(deps, request));

  app.post<{ Body: Static<typeof CreateUserBody> }>('/admin/users', { schema: { body: CreateUserBody, response: { 200: AuthUserSchema } } }, async (request) => {
    const b = request.body;
    return adminCreateUser(deps, {
      email: b.email,
      password: b.password,
      emailConfirm: b.email_confirm,
      userMetadata: b.user_metadata,
      appMetadata: b.app_metadata,
    });
  });

  app.get<{ Querystring: Static<typeof ListQuery> }>('/admin/users', { schema: { querystring: ListQuery, response: { 200: AdminUserListSchema } } }, async (request, reply) => {
    const page = Number(request.query.page) || 1;
    const perPage = Number(request.query.per_page) || 50;
    const { users, aud, total } = await adminListUsers(deps, page, perPage);
    reply.header('x-total-count', String(total));
    return { users, aud };
  });

  app.get<{ Params: Static<typeof UserParams> }>('/admin/users/:id', { schema: { params: UserParams, response: { 200: AuthUserSchema } } }, async (request) =>
    adminGetUser(deps, request.params.id),
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
        type: b.type as Parameters<typeof adminGenerateLink>[1]['type'],
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
      inviteUser(deps, { email: request.body.email, data: request.body.data ?? undefined, redirectTo: request.query.redirect_to }),
  );
}
