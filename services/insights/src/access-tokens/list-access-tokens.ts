import type { AccessTokenList } from '@tracemap/contracts';
import type { InsightsDeps } from '../deps';
import { asUser, listTokens } from './access-token-repository';

/** The caller's own tokens in every company, without their secrets (only hashes are kept). */
export async function listAccessTokens(deps: Pick<InsightsDeps, 'db'>, userId: string): Promise<AccessTokenList> {
  return { tokens: await asUser(deps.db, userId, listTokens) };
}
