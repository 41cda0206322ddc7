import type { AuthDeps } from '../lib/deps';
import { hasVerifiedFactor } from '../repositories/factors-repository';
import { findSession } from '../repositories/sessions-repository';

export interface SessionStatus {
  active: boolean;
  userId: string | null;
  /** aal2 once the user has a verified second factor: an aal1 token then must not pass. */
  requiredAal: 'aal1' | 'aal2';
  /** When the session ends by itself: callers may remember an active answer until then at most. */
  expiresAt: string | null;
}

/** For other services: is this session still alive (not logged out, revoked or past its lifetime)? */
export async function getSessionStatus(deps: AuthDeps, sessionId: string): Promise<SessionStatus> {
  const session = await findSession(deps.db, sessionId);
  if (!session || session.not_after <= new Date()) {
    return { active: false, userId: session?.user_id ?? null, requiredAal: 'aal1', expiresAt: null };
  }
  const requiredAal = (await hasVerifiedFactor(deps.db, session.user_id)) ? 'aal2' : 'aal1';
  return { active: true, userId: session.user_id, requiredAal, expiresAt: session.not_after.toISOString() };
}
