import type { InsightsDeps } from '../deps';
import { accessTokenError } from './access-token-errors';
import { asUser, deleteToken } from './access-token-repository';

/**
 * Revoking deletes the token: its next use is refused at once. Another user's token answers
 * 404 like an unknown one (row security hides it), so ids cannot be probed.
 */
export async function revokeAccessToken(deps: Pick<InsightsDeps, 'db'>, userId: string, tokenId: string) {
  const deleted = await asUser(deps.db, userId, (client) => deleteToken(client, tokenId));
  if (!deleted) throw accessTokenError('access_token_not_found');
}
