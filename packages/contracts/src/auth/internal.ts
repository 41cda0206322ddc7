import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';
import { EmailSchema, JsonObjectSchema, strictObject, UuidSchema } from '../primitives';

// The auth service's `/internal/*` routes: other services call them with the service token;
// the gateway never routes them. Answers are in camelCase, errors in the platform's shape.

// ——— Sessions (every service's token check) ———
export const AuthSessionParams = Type.Object({ sessionId: UuidSchema }, strictObject);
export const SessionStatusResponse = Type.Object(
  {
    active: Type.Boolean(),
    userId: Nullable(Type.String()),
    /** aal2 once the user has a verified second factor: an aal1 token then must not pass. */
    requiredAal: Type.Union([Type.Literal('aal1'), Type.Literal('aal2')]),
    /** When the session ends by itself: a caller may remember an active answer until then at most. */
    expiresAt: Nullable(Type.String()),
  },
  strictObject,
);
export type SessionStatusAnswer = Static<typeof SessionStatusResponse>;

/** A service that caches session answers checks that auth's announcements reach it. */
export const SessionEventsProbeBody = Type.Object(
  { nonce: Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' }) },
  strictObject,
);
export const SessionEventsProbeResponse = Type.Object({ sent: Type.Literal(true) }, strictObject);

// ——— Users, for names and invitations ———
export const InternalAuthUserSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    emailConfirmed: Type.Boolean(),
    userMetadata: Type.Optional(JsonObjectSchema),
  },
  strictObject,
);
export type InternalAuthUser = Static<typeof InternalAuthUserSchema>;

export const UsersLookupBody = Type.Object({ ids: Type.Array(UuidSchema, { maxItems: 500 }) }, strictObject);
export const UsersLookupResponse = Type.Object({ users: Type.Array(InternalAuthUserSchema) }, strictObject);
export const UserByEmailBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }) }, strictObject);
export const UserByEmailResponse = Type.Object({ user: Nullable(InternalAuthUserSchema) }, strictObject);

// ——— The product-admin area (account's /api/account/admin/*) ———
export const AuthUserSearchQuery = Type.Object(
  { q: Type.String({ maxLength: 320 }), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  strictObject,
);
export const AuthUserSummarySchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    emailConfirmed: Type.Boolean(),
    firstName: Type.String(),
    lastName: Type.String(),
    createdAt: Type.String(),
    lastSignInAt: Nullable(Type.String()),
    invited: Type.Boolean(),
  },
  strictObject,
);
export type AuthUserSummary = Static<typeof AuthUserSummarySchema>;
export const AuthUserSearchResponse = Type.Object({ users: Type.Array(AuthUserSummarySchema) }, strictObject);

export const AuthUserCountsResponse = Type.Object(
  {
    total: Type.Integer(),
    confirmed: Type.Integer(),
    newThisWeek: Type.Integer(),
    dailySignups: Type.Array(Type.Integer()),
  },
  strictObject,
);
export type AuthUserCounts = Static<typeof AuthUserCountsResponse>;

/** What a service says about its own process, for the admin debug page. */
export const ProcessAboutResponse = Type.Object(
  { version: Nullable(Type.String()), uptimeSeconds: Type.Integer() },
  strictObject,
);
export type ProcessAbout = Static<typeof ProcessAboutResponse>;

export const AuthAdminUserIdParams = Type.Object({ userId: UuidSchema }, strictObject);
export const EndedSessionsResponse = Type.Object({ ended: Type.Integer() }, strictObject);

export const AuthInternalInviteBody = Type.Object(
  {
    email: EmailSchema,
    firstName: Type.Optional(Type.String({ maxLength: 100 })),
    lastName: Type.Optional(Type.String({ maxLength: 100 })),
    redirectTo: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  strictObject,
);
export type AuthInternalInvite = Static<typeof AuthInternalInviteBody>;
export const InvitedUserResponse = Type.Object({ id: Type.String(), email: Type.String() }, strictObject);
