import type { AuthDeps } from '../lib/deps';
import { findSession } from '../repositories/sessions-repository';

/** For other services: is this session still alive (not logged out, revoked or past its lifetime)? */
export async function getSessionStatus(deps: AuthDeps, sessionId: string): Promise<{ active: boolean; userId: string | null }> {
  const session = await findSession(deps.db, sessionId);
  if (!session || session.not_after <= new Date()) return { active: false, userId: session?.user_id ?? null };
  return { active: true, userId: session.user_id };
}
