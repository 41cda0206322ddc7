import { Type, type Static } from '@sinclair/typebox';
import { MailConfigSchema, configLoader, serviceConfigSchema } from '@tracemap/service-kit';

export const AuthConfigSchema = serviceConfigSchema(
  Type.Composite([
    MailConfigSchema,
    Type.Object({
      /** Site origin as the browser sees it; email links and the token issuer are built from it. */
      PUBLIC_URL: Type.String({ pattern: '^https?://', default: 'http://localhost:8080' }),
      /** The "anon" key browsers send as `apikey`; a Bearer carrying it is not a user. */
      AUTH_PUBLIC_KEY: Type.String({ minLength: 1 }),
      /** Secret that unlocks the admin endpoints (supabase-js `createClient(url, serviceKey)`). */
      AUTH_SERVICE_ROLE_KEY: Type.String({ minLength: 16 }),
      INTERNAL_SERVICE_TOKEN: Type.String({ minLength: 1 }),
      /** Comma-separated origins or URL prefixes that `redirect_to` may point at (PUBLIC_URL always may). */
      AUTH_REDIRECT_ALLOW_LIST: Type.String({ default: '' }),
      /** Extra origins allowed by CORS (PUBLIC_URL's origin always is). */
      AUTH_CORS_ORIGINS: Type.String({ default: '' }),
      /** Take the client address from the last X-Forwarded-For hop (the gateway's). */
      AUTH_TRUST_PROXY: Type.Boolean({ default: true }),
      AUTH_DISABLE_SIGNUP: Type.Boolean({ default: false }),
      AUTH_MAILER_AUTOCONFIRM: Type.Boolean({ default: false }),
      AUTH_EMAIL_OTP_ENABLED: Type.Boolean({ default: true }),
      AUTH_ACCESS_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 120, maximum: 3600, default: 600 }),
      AUTH_SESSION_MAX_LIFETIME_SECONDS: Type.Integer({ minimum: 600, default: 30 * 24 * 3600 }),
      AUTH_REFRESH_REUSE_INTERVAL_SECONDS: Type.Integer({ minimum: 0, maximum: 60, default: 10 }),
      AUTH_OTP_EXPIRY_SECONDS: Type.Integer({ minimum: 60, maximum: 86400, default: 3600 }),
      AUTH_FLOW_STATE_EXPIRY_SECONDS: Type.Integer({ minimum: 30, maximum: 3600, default: 300 }),
      AUTH_MFA_CHALLENGE_EXPIRY_SECONDS: Type.Integer({ minimum: 30, maximum: 3600, default: 300 }),
      /** How long after a recovery/invite link a session may set a password without the current one. */
      AUTH_RECOVERY_FRESH_SECONDS: Type.Integer({ minimum: 60, maximum: 86400, default: 900 }),
      AUTH_PASSWORD_MIN_LENGTH: Type.Integer({ minimum: 8, maximum: 64, default: 10 }),
      AUTH_ARGON2_MEMORY_KIB: Type.Integer({ minimum: 19456, default: 19456 }),
      AUTH_ARGON2_ITERATIONS: Type.Integer({ minimum: 2, default: 2 }),
      AUTH_RATE_LIMIT_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 300 }),
      /** Sign-in, sign-up, recover, resend, verify, otp: requests per window per IP and per email. */
      AUTH_RATE_LIMIT_PER_IP: Type.Integer({ minimum: 1, default: 30 }),
      AUTH_RATE_LIMIT_PER_EMAIL: Type.Integer({ minimum: 1, default: 30 }),
      AUTH_RATE_LIMIT_REFRESH: Type.Integer({ minimum: 1, default: 150 }),
      AUTH_RATE_LIMIT_MFA_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
      /** MFA challenge/verify per window, per IP and per user. */
      AUTH_RATE_LIMIT_MFA: Type.Integer({ minimum: 1, default: 15 }),
      /** At most one email per address in this many seconds. */
      AUTH_EMAIL_SEND_INTERVAL_SECONDS: Type.Integer({ minimum: 0, default: 60 }),
    }),
  ]),
);

export type AuthConfig = Static<typeof AuthConfigSchema>;

export const loadConfig = configLoader(AuthConfigSchema);
