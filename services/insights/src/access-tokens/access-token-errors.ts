import { AppError } from '@tracemap/service-kit';
import { ACCESS_TOKENS_PER_USER_MAX } from '@tracemap/contracts';
import { MESSAGES } from '../core/messages';

/** The refusals of personal access tokens: a closed set of codes, each with its words. */
const ACCESS_TOKEN_ERRORS = {
  access_token_not_found: [404, 'No such access token.'],
  company_not_found: [404, MESSAGES.companyNotFound],
  too_many_access_tokens: [
    409,
    `You already have ${ACCESS_TOKENS_PER_USER_MAX} access tokens. Revoke one you no longer use first.`,
  ],
  access_token_missing: [401, 'Send a personal access token as "Authorization: Bearer <token>".'],
  access_token_invalid: [
    401,
    'This access token is not valid: it may have been revoked. Create a new one on /account.',
  ],
  access_token_not_member: [
    401,
    "This access token's user is no longer a member of its company. Create a new one on /account.",
  ],
  assistant_disabled: [403, 'The assistant is switched off for this company.'],
} as const satisfies Record<string, readonly [number, string]>;

export type AccessTokenErrorCode = keyof typeof ACCESS_TOKEN_ERRORS;

// MCP clients read this header to know which credential a 401 is about.
const CHALLENGE = { 'www-authenticate': 'Bearer realm="tracemap-mcp"' };

export function accessTokenError(code: AccessTokenErrorCode): AppError {
  const [status, message] = ACCESS_TOKEN_ERRORS[code];
  return new AppError(status, code, message, status === 401 ? CHALLENGE : undefined);
}
