import { AuthError, authError } from '../lib/auth-error';
import { pkceChallenge, safeEqual, sha256 } from '../lib/crypto';
import type { AuthDeps, RequestMeta } from '../lib/deps';
import { checkAuthLimits } from '../lib/limits';
import { startSession, type SessionJson } from '../lib/sessions';
import { deleteFlowState, findFlowStateByAuthCode } from '../repositories/flow-states-repository';
import { findUserById } from '../repositories/users-repository';

/** `grant_type=pkce`: trades the `?code=` of an email link plus the verifier for a session. */
export async function exchangePkceCode(
  deps: AuthDeps,
  input: { authCode: string; codeVerifier: string },
  meta: RequestMeta,
): Promise<SessionJson> {
  await checkAuthLimits(deps, 'pkce', meta);
  const outcome = await deps.transaction(async (db): Promise<SessionJson | AuthError> => {
    const state = await findFlowStateByAuthCode(db, sha256(input.authCode));
    if (!state || !state.auth_code_issued_at) {
      return authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    const age = Date.now() - state.auth_code_issued_at.getTime();
    if (age > deps.config.AUTH_FLOW_STATE_EXPIRY_SECONDS * 1000) {
      await deleteFlowState(db, state.id);
      return authError(422, 'flow_state_expired', 'Flow state has expired, please log in again');
    }
    const expected = state.code_challenge_method === 's256' ? pkceChallenge(input.codeVerifier) : input.codeVerifier;
    if (!safeEqual(expected, state.code_challenge)) {
      return authError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    await deleteFlowState(db, state.id);
    const user = await findUserById(db, state.user_id);
    if (!user) return authError(404, 'user_not_found', 'User not found');
    return startSession(deps, db, user, state.authentication_method, meta);
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
