import type { TrialUsedAnswer } from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import type { AccountDeps } from '../deps';
import { lookupProfiles } from './lookup-profiles';

/**
 * Records that the user's free trial is taken (billing calls this when it starts one).
 * Answers whether it was taken before; calling it again changes nothing. A user who has
 * never synced gets a profile first, as their first sync would create it.
 */
export async function markTrialUsed(deps: AccountDeps, userId: string, requestId?: string): Promise<TrialUsedAnswer> {
  const update = () =>
    deps.pool.query<{ already_used: boolean }>(
      `UPDATE account.profiles p SET trial_used = true, updated_at = now()
         FROM (SELECT user_id, trial_used AS already_used FROM account.profiles WHERE user_id = $1 FOR UPDATE) before
        WHERE p.user_id = before.user_id
        RETURNING before.already_used`,
      [userId],
    );
  let { rows } = await update();
  if (rows.length === 0) {
    await lookupProfiles(deps, [userId], requestId);
    ({ rows } = await update());
  }
  if (rows.length === 0) throw new AppError(503, 'profile_unavailable', 'The user is not known yet. Try again later.');
  deps.syncCache.invalidate(userId);
  return { trialUsed: true, alreadyUsed: rows[0].already_used };
}
