import { AppError } from '@tracemap/service-kit';
import { SUBSCRIPTION_MESSAGES } from '@tracemap/contracts';
import type { SubscriptionDeps } from '../deps';
import { isLive } from '../domain/map-status';
import { findSubscription } from '../repositories/subscription-repository';
import { resync } from './change-plan';

/**
 * Cancel (stop renewing at the end of the paid period or trial) or resume (undo that while
 * the period still runs). Ended subscriptions cannot be resumed: a plan is chosen again.
 */
export async function setCancelAtPeriodEnd(
  deps: SubscriptionDeps,
  input: { companyId: string; cancel: boolean; requestId?: string },
): Promise<void> {
  const local = await findSubscription(deps.db, input.companyId);
  if (!local?.providerSubscriptionId || !local.providerStatus || !isLive(local.providerStatus)) {
    throw new AppError(409, 'no_subscription', SUBSCRIPTION_MESSAGES.noSubscription);
  }
  if (local.cancelAtPeriodEnd !== input.cancel) {
    const operation = input.cancel ? 'cancel' : 'resume';
    await deps.provider.setCancelAtPeriodEnd(
      local.providerSubscriptionId,
      input.cancel,
      `sub-${operation}-${input.companyId}-${local.providerSubscriptionId}-${local.version}`,
    );
  }
  await resync(deps, input.companyId, input.requestId);
}
