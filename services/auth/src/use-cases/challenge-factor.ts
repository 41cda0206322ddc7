import { authError } from '../lib/auth-error';
import type { AuthDeps, RequestMeta } from '../lib/deps';
import { checkMfaLimits } from '../lib/limits';
import { findFactor, insertChallenge } from '../repositories/factors-repository';
import type { Caller } from './update-user';

export async function challengeFactor(deps: AuthDeps, caller: Caller, factorId: string, meta: RequestMeta) {
  await checkMfaLimits(deps, meta, caller.userId);
  const factor = await findFactor(deps.db, factorId, caller.userId);
  if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
  const challenge = await insertChallenge(deps.db, factor.id, meta.ip);
  return {
    id: challenge.id,
    type: 'totp' as const,
    expires_at: Math.floor(challenge.created_at.getTime() / 1000) + deps.config.AUTH_MFA_CHALLENGE_EXPIRY_SECONDS,
  };
}
