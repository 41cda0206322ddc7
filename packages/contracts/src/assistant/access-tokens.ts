import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';
import { strictObject, TimestampSchema, UuidSchema } from '../primitives';

// Personal access tokens: a user's key for MCP clients (their own AI tools) to
// read one company's plan and discovery data through the assistant's tools,
// with the user's role in that company. The secret is answered once, at creation.

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'tmp_';
/** How many live tokens one user may hold across their companies. */
export const ACCESS_TOKENS_PER_USER_MAX = 50;

export const AccessTokenNameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const AccessTokenSchema = Type.Object(
  {
    id: UuidSchema,
    name: Type.String(),
    companyId: UuidSchema,
    /** The token's first characters, to tell tokens apart; never enough to use one. */
    prefix: Type.String(),
    createdAt: TimestampSchema,
    lastUsedAt: Nullable(TimestampSchema),
  },
  strictObject,
);
export type AccessToken = Static<typeof AccessTokenSchema>;

/** `GET /api/insights/access-tokens`: the caller's own tokens, newest first, without their secrets. */
export const AccessTokenList = Type.Object({ tokens: Type.Array(AccessTokenSchema) }, strictObject);
export type AccessTokenList = Static<typeof AccessTokenList>;

/** `POST /api/insights/access-tokens`: the caller must be a member of the company. */
export const CreateAccessTokenBody = Type.Object({ companyId: UuidSchema, name: AccessTokenNameSchema }, strictObject);
export type CreateAccessTokenBody = Static<typeof CreateAccessTokenBody>;

/** The new token with its secret, shown this once. */
export const CreatedAccessToken = Type.Object({ token: AccessTokenSchema, secret: Type.String() }, strictObject);
export type CreatedAccessToken = Static<typeof CreatedAccessToken>;

/** `DELETE /api/insights/access-tokens/:tokenId` */
export const AccessTokenParams = Type.Object({ tokenId: UuidSchema }, strictObject);
export type AccessTokenParams = Static<typeof AccessTokenParams>;
