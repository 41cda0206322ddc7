import { AuthError, authError } from '../lib/auth-error';
import type { AuthDeps, RequestMeta } from '../lib/deps';
import { checkMfaLimits } from '../lib/limits';
import { mintRefreshToken, sessionJson, type SessionJson } from '../lib/sessions';
import { deleteChallenge, findChallenge, findFactor, markFactorUsed } from '../repositories/factors-repository';
import {
  deleteUserSessions,
  findSession,
  raiseSessionToAal2,
  revokeSessionRefreshTokens,
} from '../repositories/sessions-repository';
import { findUserById } from '../repositories/users-repository';
import { totpFor } from './enroll-factor';
import type { Caller } from './update-user';

const PERIOD_SECONDS = 30;

/**
 * Checks a TOTP code against a challenge (SHA1, 6 digits, 30 s, ±1 step).
 * A code's time step must be newer than the last one accepted, so each code
 * works once. Success raises the same session to aal2 and rotates its refresh token.
 */
export async function verifyFactor(
  deps: AuthDeps,
  caller: Caller,
  input: { factorId: string; challengeId: string; code: string },
  meta: RequestMeta,
): Promise<SessionJson> {
  await checkMfaLimits(deps, meta, caller.userId);
  const outcome = await deps.transaction(async (db): Promise<SessionJson | AuthError> => {
    const factor = await findFactor(db, input.factorId, caller.userId, true);
    if (!factor) return authError(404, 'mfa_factor_not_found', 'Factor not found');
    const challenge = await findChallenge(db, input.challengeId, factor.id);
    if (!challenge) return authError(404, 'mfa_challenge_not_found', 'Challenge not found');
    const age = Date.now() - challenge.created_at.getTime();
    if (age > deps.config.AUTH_MFA_CHALLENGE_EXPIRY_SECONDS * 1000) {
      await deleteChallenge(db, challenge.id);
      return authError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    const user = await findUserById(db, caller.userId);
    const totp = totpFor(factor.secret, user!.email, 'tracemap');
    const now = Date.now();
    const delta = totp.validate({ token: input.code, timestamp: now, window: 1 });
    const step = delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
    if (step === null || step <= Number(factor.last_used_step)) {
      return authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    }
    const firstVerification = factor.status === 'unverified';
    await markFactorUsed(db, factor.id, step);
    await deleteChallenge(db, challenge.id);
    const session = await findSession(db, caller.sessionId, true);
    if (!session) return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    const amr = [
      ...session.amr.filter((e) => e.method !== 'totp'),
      { method: 'totp', timestamp: Math.floor(now / 1000) },
    ];
    const raised = await raiseSessionToAal2(db, session.id, factor.id, amr);
    // Sessions that never passed the new factor must not keep full access.
    if (firstVerification) await deleteUserSessions(db, caller.userId, { except: session.id, onlyAal1: true });
    await revokeSessionRefreshTokens(db, session.id);
    const refreshToken = await mintRefreshToken(deps, db, raised, null);
    return sessionJson(deps, db, user!, raised, refreshToken);
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
