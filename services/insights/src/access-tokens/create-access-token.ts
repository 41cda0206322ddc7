import { randomUUID } from 'node:crypto';
import { ACCESS_TOKENS_PER_USER_MAX, type CreateAccessTokenBody, type CreatedAccessToken } from '@tracemap/contracts';
import type { InsightsDeps } from '../deps';
import { accessTokenError } from './access-token-errors';
import { asUser, countTokens, insertToken } from './access-token-repository';
import { newAccessTokenSecret } from './access-token-secret';

/**
 * A new token for one company the caller belongs to (any role: the token reads with the
 * caller's role at the time of each use). The secret is answered here once; only its hash is kept.
 */
export async function createAccessToken(
  deps: Pick<InsightsDeps, 'db' | 'roles'>,
  userId: string,
  body: CreateAccessTokenBody,
  requestId?: string,
): Promise<CreatedAccessToken> {
  const role = await deps.roles.role(body.companyId, userId, requestId);
  if (!role) throw accessTokenError('company_not_found');
  const made = newAccessTokenSecret();
  const token = await asUser(deps.db, userId, async (client) => {
    // Serialises one user's creations, so two at once cannot both pass the count.
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 22))`, [userId]);
    if ((await countTokens(client)) >= ACCESS_TOKENS_PER_USER_MAX) throw accessTokenError('too_many_access_tokens');
    return insertToken(client, {
      id: randomUUID(),
      userId,
      companyId: body.companyId,
      name: body.name.trim(),
      hash: made.hash,
      prefix: made.prefix,
    });
  });
  return { token, secret: made.secret };
}
