import { Type, type Static } from '@sinclair/typebox';
import { OptionalNullable } from '../nullable';
import { JsonObjectSchema, strictObject, UuidSchema } from '../primitives';

// What the auth service accepts under /auth/v1, as supabase-js sends it. GoTrue clients send
// unset optional fields as null as often as they leave them out, hence OptionalNullable.

export const AuthEmailSchema = Type.String({ minLength: 1, maxLength: 320 });
// No minimum here: a short password gets 422 weak_password with its reason, not a schema error.
// The maximum only bounds the work argon2 is asked to do; nothing is ever truncated.
export const AuthPasswordSchema = Type.String({ maxLength: 1024 });
export const AuthMetadataSchema = JsonObjectSchema;

/** supabase-js sends these with many requests; captcha is not used. */
const ClientExtras = {
  gotrue_meta_security: Type.Optional(Type.Object({ captcha_token: OptionalNullable(Type.String()) }, strictObject)),
};
const PkceFields = {
  code_challenge: OptionalNullable(Type.String({ maxLength: 128 })),
  code_challenge_method: OptionalNullable(Type.String({ maxLength: 10 })),
};
const RedirectUrl = Type.String({ maxLength: 2048 });

export const AuthRedirectQuery = Type.Object({ redirect_to: Type.Optional(RedirectUrl) }, strictObject);
export type AuthRedirectQueryInput = Static<typeof AuthRedirectQuery>;

// ——— Sign-up, one-time codes, password reset, resend ———
export const AuthSignUpBody = Type.Object(
  {
    email: AuthEmailSchema,
    password: AuthPasswordSchema,
    data: OptionalNullable(AuthMetadataSchema),
    ...PkceFields,
    ...ClientExtras,
  },
  strictObject,
);
export const AuthOtpBody = Type.Object(
  {
    email: AuthEmailSchema,
    data: OptionalNullable(AuthMetadataSchema),
    create_user: Type.Optional(Type.Boolean()),
    ...PkceFields,
    ...ClientExtras,
  },
  strictObject,
);
export const AuthRecoverBody = Type.Object({ email: AuthEmailSchema, ...PkceFields, ...ClientExtras }, strictObject);
export const AuthResendBody = Type.Object(
  {
    email: AuthEmailSchema,
    type: Type.Union([Type.Literal('signup'), Type.Literal('email_change')]),
    ...PkceFields,
    ...ClientExtras,
  },
  strictObject,
);

// ——— Tokens: each grant has its own strict body, chosen by ?grant_type ———
export const AuthTokenQuery = Type.Object({ grant_type: Type.String({ maxLength: 32 }) }, strictObject);
export const AuthPasswordGrantBody = Type.Object(
  { email: AuthEmailSchema, password: AuthPasswordSchema, ...ClientExtras },
  strictObject,
);
export const AuthRefreshGrantBody = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 256 }) },
  strictObject,
);
export const AuthPkceGrantBody = Type.Object(
  {
    auth_code: Type.String({ minLength: 1, maxLength: 256 }),
    code_verifier: Type.String({ minLength: 43, maxLength: 128, pattern: '^[A-Za-z0-9._~-]+$' }),
  },
  strictObject,
);

// ——— Email links and codes ———
export const AuthVerifyTypeSchema = Type.Union([
  Type.Literal('signup'),
  Type.Literal('invite'),
  Type.Literal('magiclink'),
  Type.Literal('recovery'),
  Type.Literal('email_change'),
  Type.Literal('email'),
]);
const TokenString = Type.String({ minLength: 1, maxLength: 256 });
export const AuthVerifyBody = Type.Object(
  {
    type: AuthVerifyTypeSchema,
    email: Type.Optional(AuthEmailSchema),
    token: Type.Optional(TokenString),
    token_hash: Type.Optional(TokenString),
    redirect_to: Type.Optional(RedirectUrl),
    options: Type.Optional(
      Type.Object(
        { redirectTo: Type.Optional(Type.String()), captchaToken: Type.Optional(Type.String()) },
        strictObject,
      ),
    ),
    ...ClientExtras,
  },
  strictObject,
);
/** The emailed link: `GET /verify?token=…&type=…`. */
export const AuthVerifyQuery = Type.Object(
  { token: TokenString, type: AuthVerifyTypeSchema, redirect_to: Type.Optional(RedirectUrl) },
  strictObject,
);

// ——— The signed-in user ———
export const AuthUpdateUserBody = Type.Object(
  {
    email: Type.Optional(AuthEmailSchema),
    password: Type.Optional(AuthPasswordSchema),
    current_password: Type.Optional(Type.String({ maxLength: 1024 })),
    nonce: Type.Optional(Type.String({ maxLength: 64 })),
    data: OptionalNullable(AuthMetadataSchema),
    ...PkceFields,
  },
  strictObject,
);
export const AuthLogoutQuery = Type.Object(
  { scope: Type.Optional(Type.Union([Type.Literal('global'), Type.Literal('local'), Type.Literal('others')])) },
  strictObject,
);

// ——— Second factors ———
export const AuthFactorParams = Type.Object({ factorId: UuidSchema }, strictObject);
export const AuthEnrollFactorBody = Type.Object(
  {
    factor_type: Type.String({ maxLength: 16 }),
    friendly_name: Type.Optional(Type.String({ maxLength: 100 })),
    issuer: Type.Optional(Type.String({ maxLength: 100 })),
  },
  strictObject,
);
// supabase-js sends its own parameters (factorId, channel) in the challenge body.
export const AuthChallengeFactorBody = Type.Object(
  { factorId: Type.Optional(Type.String()), channel: Type.Optional(Type.String()) },
  strictObject,
);
export const AuthVerifyFactorBody = Type.Object(
  { challenge_id: UuidSchema, code: Type.String({ pattern: '^[0-9]{6}$' }) },
  strictObject,
);

// ——— Service role (`supabase.auth.admin.*`) ———
export const AuthAdminCreateUserBody = Type.Object(
  {
    email: AuthEmailSchema,
    password: Type.Optional(AuthPasswordSchema),
    email_confirm: Type.Optional(Type.Boolean()),
    user_metadata: Type.Optional(AuthMetadataSchema),
    app_metadata: Type.Optional(AuthMetadataSchema),
  },
  strictObject,
);
export const AuthAdminUpdateUserBody = Type.Object(
  {
    email: Type.Optional(AuthEmailSchema),
    password: Type.Optional(AuthPasswordSchema),
    email_confirm: Type.Optional(Type.Boolean()),
    user_metadata: Type.Optional(AuthMetadataSchema),
    app_metadata: Type.Optional(AuthMetadataSchema),
    ban_duration: Type.Optional(Type.String({ pattern: '^(none|[0-9]{1,6}h)$' })),
  },
  strictObject,
);
export const AUTH_GENERATED_LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
] as const;
export type AuthGeneratedLinkType = (typeof AUTH_GENERATED_LINK_TYPES)[number];
export const AuthGenerateLinkBody = Type.Object(
  {
    type: Type.Union(AUTH_GENERATED_LINK_TYPES.map((t) => Type.Literal(t))),
    email: AuthEmailSchema,
    password: Type.Optional(AuthPasswordSchema),
    new_email: Type.Optional(AuthEmailSchema),
    data: OptionalNullable(AuthMetadataSchema),
    redirect_to: Type.Optional(RedirectUrl),
    redirectTo: Type.Optional(RedirectUrl),
  },
  strictObject,
);
export const AuthAdminInviteBody = Type.Object(
  { email: AuthEmailSchema, data: OptionalNullable(AuthMetadataSchema) },
  strictObject,
);
export const AuthAdminUserParams = Type.Object({ id: UuidSchema }, strictObject);
export const AuthAdminDeleteUserBody = Type.Optional(
  Type.Object({ should_soft_delete: Type.Optional(Type.Boolean()) }, strictObject),
);
export const AuthAdminListUsersQuery = Type.Object(
  {
    page: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('')])),
    per_page: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Literal('')])),
  },
  strictObject,
);
