import { AppError } from '@tracemap/service-kit';
import { SUBSCRIPTION_MESSAGES, type SubscriptionPreview } from '@tracemap/contracts';
import type { SubscriptionDeps } from '../deps';
import { findSubscription } from '../repositories/subscription-repository';
import { isChangeable } from './change-plan';
import { ensureCustomer } from './ensure-customer';

/** What choosing `priceId` would be charged: the prorated change of a paid subscription, or a new one's first invoice. */
export async function previewPlanChange(
  deps: SubscriptionDeps,
  input: { companyId: string; priceId: string },
): Promise<SubscriptionPreview> {
  const plan = deps.plans.find(input.priceId);
  if (!plan) throw new AppError(400, 'unknown_price', SUBSCRIPTION_MESSAGES.unknownPrice);
  const local = await findSubscription(deps.db, input.companyId);
  const customerId = await ensureCustomer(deps, input.companyId);
  const current =
    local?.providerSubscriptionId && isChangeable(local.providerStatus)
      ? await deps.provider.retrieveSubscription(local.providerSubscriptionId)
      : null;
  const preview = await deps.provider.preview(
    { customerId, subscription: current && isChangeable(current.status) ? current : null, priceId: plan.priceId },
    `preview-${input.companyId}-${plan.priceId}-${local?.version ?? 0}`,
  );
  return { ...preview, nextInvoiceDate: preview.nextInvoiceDate?.toISOString() ?? null };
}
