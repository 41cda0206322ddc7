import { AuthError, authError } from '../lib/auth-error';
import type { AuthDeps, RequestMeta } from '../lib/deps';
import { checkRefreshLimit } from '../lib/limits';
import { mintRefreshToken, sessionJson, type SessionJson } from '../lib/sessions';
import {
  deleteSession,
  findActiveRefreshToken,
  findRefreshToken,
  findSession,
  revokeRefreshToken,
  touchSession,
} from '../repositories/sessions-repository';
import { findUserById } from '../repositories/users-repository';

const notFound = () => authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * Rotates a refresh token. Retrying with the parent of the active token
 * returns the active one; any other revoked token presented after the reuse
 * interval is treated as stolen and ends the whole session (family).
 */
export async function refreshSession(deps: AuthDeps, refreshToken: string, meta: RequestMeta): Promise<SessionJson> {
  await checkRefreshLimit(deps, meta);
  // A refusal that must still commit (the revoked family) is returned, not thrown.
  const outcome = await deps.transaction(async (db): Promise<SessionJson | AuthError> => {
    const row = await findRefreshToken(db, deps.refreshTokens.digest(refreshToken));
    if (!row) return notFound();
    const session = await findSession(db, row.session_id, true);
    if (!session) return authError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found');
    if (session.not_after <= new Date()) {
      await deleteSession(db, session.id);
      return authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    }
    const user = await findUserById(db, row.user_id);
    if (!user) return notFound();
    if (row.revoked) {
      const active = await findActiveRefreshToken(db, session.id);
      if (active && active.parent_id === row.id) {
        await touchSession(db, session.id);
        return sessionJson(deps, db, user, session, deps.refreshTokens.tokenFor(active.id));
      }
      const reuseUntil = row.updated_at.getTime() + deps.config.AUTH_REFRESH_REUSE_INTERVAL_SECONDS * 1000;
      if (Date.now() > reuseUntil) {
        await deleteSession(db, session.id);
        deps.log.warn({ sessionId: session.id, userId: user.id }, 'refresh token reused: session revoked');
        return authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
    }
    await revokeRefreshToken(db, row.id);
    const next = await mintRefreshToken(deps, db, session, row.id);
    await touchSession(db, session.id);
    return sessionJson(deps, db, user, session, next);
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
