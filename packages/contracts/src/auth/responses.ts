import { Type, type Static } from '@sinclair/typebox';
import { JsonObjectSchema, strictObject, TimestampSchema, UuidSchema } from '../primitives';

// What the auth service answers under /auth/v1, in the Supabase Auth (GoTrue) dialect that
// supabase-js reads: snake_case fields, dates as ISO strings, absent rather than null.

const Timestamp = Type.Optional(TimestampSchema);

export const AuthFactorSchema = Type.Object(
  {
    id: UuidSchema,
    friendly_name: Type.Optional(Type.String()),
    factor_type: Type.String(),
    status: Type.String(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  strictObject,
);

export const AuthIdentitySchema = Type.Object(
  {
    identity_id: Type.String(),
    id: Type.String(),
    user_id: Type.String(),
    identity_data: Type.Object(
      { sub: Type.String(), email: Type.String(), email_verified: Type.Boolean(), phone_verified: Type.Boolean() },
      strictObject,
    ),
    provider: Type.String(),
    last_sign_in_at: Timestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
    email: Type.String(),
  },
  strictObject,
);

/** The User object of the Supabase Auth API. */
export const AuthUserSchema = Type.Object(
  {
    id: UuidSchema,
    aud: Type.String(),
    role: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    email_confirmed_at: Timestamp,
    confirmed_at: Timestamp,
    confirmation_sent_at: Timestamp,
    recovery_sent_at: Timestamp,
    new_email: Type.Optional(Type.String()),
    email_change_sent_at: Timestamp,
    invited_at: Timestamp,
    last_sign_in_at: Timestamp,
    app_metadata: JsonObjectSchema,
    user_metadata: JsonObjectSchema,
    identities: Type.Array(AuthIdentitySchema),
    factors: Type.Optional(Type.Array(AuthFactorSchema)),
    created_at: Timestamp,
    updated_at: Timestamp,
    is_anonymous: Type.Boolean(),
  },
  strictObject,
);
export type AuthUser = Static<typeof AuthUserSchema>;

/** A signed-in session: the access token, how long it lasts, and the refresh token that renews it. */
export const AuthSessionSchema = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('bearer'),
    expires_in: Type.Integer(),
    expires_at: Type.Integer(),
    refresh_token: Type.String(),
    user: AuthUserSchema,
  },
  strictObject,
);
export type AuthSession = Static<typeof AuthSessionSchema>;

/** Sign-up answers a session when no confirmation is needed, the user otherwise. */
export const SignUpResponseSchema = Type.Union([AuthSessionSchema, AuthUserSchema]);

/** Answers that carry nothing: the email was sent, or would have been (nothing says whether the address exists). */
export const EmptyResponseSchema = Type.Object({}, strictObject);

export const AuthSettingsSchema = Type.Object(
  {
    external: Type.Object(
      { email: Type.Boolean(), phone: Type.Boolean(), anonymous_users: Type.Boolean() },
      strictObject,
    ),
    disable_signup: Type.Boolean(),
    mailer_autoconfirm: Type.Boolean(),
    phone_autoconfirm: Type.Boolean(),
    sms_provider: Type.String(),
    saml_enabled: Type.Boolean(),
  },
  strictObject,
);

/** A public signing key; fields beyond the usual ones pass through as the key has them. */
export const JwkSchema = Type.Object(
  {
    kty: Type.String(),
    kid: Type.Optional(Type.String()),
    alg: Type.Optional(Type.String()),
    use: Type.Optional(Type.String()),
    crv: Type.Optional(Type.String()),
    x: Type.Optional(Type.String()),
    y: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export const JwksSchema = Type.Object({ keys: Type.Array(JwkSchema) }, strictObject);

export const EnrolledFactorSchema = Type.Object(
  {
    id: UuidSchema,
    type: Type.Literal('totp'),
    friendly_name: Type.String(),
    totp: Type.Object({ qr_code: Type.String(), secret: Type.String(), uri: Type.String() }, strictObject),
  },
  strictObject,
);
export const FactorChallengeSchema = Type.Object(
  { id: UuidSchema, type: Type.Literal('totp'), expires_at: Type.Integer() },
  strictObject,
);
export const UnenrolledFactorSchema = Type.Object({ id: UuidSchema }, strictObject);

export const AdminUserListSchema = Type.Object({ users: Type.Array(AuthUserSchema), aud: Type.String() }, strictObject);

/** A user with the link an admin generated for them, and its parts. */
export const GeneratedLinkSchema = Type.Composite(
  [
    AuthUserSchema,
    Type.Object({
      action_link: Type.String(),
      email_otp: Type.String(),
      hashed_token: Type.String(),
      verification_type: Type.String(),
      redirect_to: Type.Optional(Type.String()),
    }),
  ],
  strictObject,
);
