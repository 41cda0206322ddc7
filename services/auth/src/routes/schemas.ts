import { Type } from '@sinclair/typebox';
import { OptionalNullable } from '@tracemap/contracts';

// GoTrue clients send unset optional fields as null as often as they leave them out.
export { OptionalNullable };

export const Email = Type.String({ minLength: 1, maxLength: 320 });
// No minimum here: a short password gets 422 weak_password with its reason, not a schema error.
// The maximum only bounds the work argon2 is asked to do; nothing is ever truncated.
export const Password = Type.String({ maxLength: 1024 });
export const Metadata = Type.Record(Type.String(), Type.Unknown());

/** supabase-js sends these with many requests; captcha is not used. */
export const ClientExtras = {
  gotrue_meta_security: Type.Optional(Type.Object({ captcha_token: OptionalNullable(Type.String()) }, { additionalProperties: false })),
};

export const PkceFields = {
  code_challenge: OptionalNullable(Type.String({ maxLength: 128 })),
  code_challenge_method: OptionalNullable(Type.String({ maxLength: 10 })),
};

export const RedirectQuery = Type.Object({ redirect_to: Type.Optional(Type.String({ maxLength: 2048 })) }, { additionalProperties: false });

export const Strict = { additionalProperties: false } as const;
