import { bearerToken } from '@tracemap/service-kit';
import type { CompanyActor } from '../core/company-access';
import type { InsightsDeps } from '../deps';
import { readEnabled } from '../assistant/chat-repository';
import { inCompany } from '../ingest/tenant-transaction';
import { accessTokenError } from './access-token-errors';
import { asUser, tokenByHash, touchToken } from './access-token-repository';
import { hashAccessToken, looksLikeAccessToken } from './access-token-secret';

// Last use is a day-level fact for the account page: one write a minute per token is plenty.
const TOUCH_AFTER_MS = 60_000;

/**
 * The actor a personal access token stands for: its user with their current role in its
 * company, read through the same membership cache as every company route, so a removed
 * member's token stops working from the next request on. The company's switch for the
 * assistant counts here too.
 */
export async function authenticateAccessToken(
  deps: Pick<InsightsDeps, 'db' | 'roles'>,
  authorization: string | undefined,
  requestId?: string,
): Promise<CompanyActor> {
  const secret = bearerToken(authorization);
  if (!secret) throw accessTokenError('access_token_missing');
  if (!looksLikeAccessToken(secret)) throw accessTokenError('access_token_invalid');
  const holder = await tokenByHash(deps.db, hashAccessToken(secret));
  if (!holder) throw accessTokenError('access_token_invalid');
  const role = await deps.roles.role(holder.companyId, holder.userId, requestId);
  if (!role) throw accessTokenError('access_token_not_member');
  const enabled = await inCompany(deps.db, holder.companyId, readEnabled);
  if (!enabled) throw accessTokenError('assistant_disabled');
  if (!holder.lastUsedAt || Date.now() - holder.lastUsedAt.getTime() > TOUCH_AFTER_MS)
    await asUser(deps.db, holder.userId, (client) => touchToken(client, holder.tokenId));
  return { companyId: holder.companyId, userId: holder.userId, role };
}
