import { authError, insufficientAal } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { deleteFactor, findFactor } from '../repositories/factors-repository';
import type { Caller } from './update-user';

/** Removing a verified factor needs an aal2 session. */
export async function unenrollFactor(deps: AuthDeps, caller: Caller, factorId: string): Promise<{ id: string }> {
  const factor = await findFactor(deps.db, factorId, caller.userId);
  if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
  if (factor.status === 'verified' && caller.aal !== 'aal2') throw insufficientAal();
  await deleteFactor(deps.db, factor.id);
  return { id: factor.id };
}
