import { cardExpiring, needsSubscription, type CompanySubscription } from '@tracemap/contracts';
import { hasAdminRights } from '../company/roles';
import type { CompanyInfo, CompanyRole } from '../company/types';
import { useBannerStore, type Banner } from '../stores/banner-store';
import { useCompanyStore } from '../stores/company-store';

export const SUBSCRIPTION_REQUIRED_BANNER_ID = 'subscription-required';
export const CARD_EXPIRING_BANNER_ID = 'payment-method-expiring';
export const PAYMENT_FAILED_BANNER_ID = 'payment-past-due';
export const BILLING_BANNER_IDS = [
  SUBSCRIPTION_REQUIRED_BANNER_ID,
  CARD_EXPIRING_BANNER_ID,
  PAYMENT_FAILED_BANNER_ID,
] as const;

/** The parts of a subscription the banners look at (company info and the details call both have them). */
export type BannerSubscription = Pick<CompanySubscription, 'status' | 'cardExpirationMonth' | 'cardExpirationYear'>;

export interface BillingBannerInput {
  companyId: string;
  companyName: string;
  role: CompanyRole;
  /** null: the company has no subscription. */
  subscription: BannerSubscription | null;
}

export function subscriptionPath(companyId: string): string {
  return `/company/${encodeURIComponent(companyId)}/subscription`;
}

/**
 * The billing banners one company's state calls for, in display order. Pure: `now` decides
 * whether the card counts as expiring, so the rules can be tested on a fixed date.
 */
export function billingBanners(input: BillingBannerInput, now: Date = new Date()): Banner[] {
  const { companyId, companyName, role, subscription } = input;
  const status = subscription?.status ?? null;
  const admin = hasAdminRights(role);
  const href = subscriptionPath(companyId);
  const banners: Banner[] = [];

  if (needsSubscription(status)) {
    banners.push({
      id: SUBSCRIPTION_REQUIRED_BANNER_ID,
      message:
        status === 'terminated'
          ? `The subscription of ${companyName} has ended. The plan can still be read; choose a plan to edit it again.`
          : `${companyName} has no subscription. The plan can still be read; choose a plan to edit it.`,
      tone: 'warning',
      action: { label: 'Manage Subscription', href },
    });
    // Nothing is charged without a subscription, so a card or payment notice would only add noise.
    return banners;
  }

  if (status === 'past_due') {
    banners.push(
      admin
        ? {
            id: PAYMENT_FAILED_BANNER_ID,
            message: `Your last payment for ${companyName} failed. Update the card to keep the subscription.`,
            tone: 'warning',
            action: { label: 'Update card', href },
          }
        : {
            id: PAYMENT_FAILED_BANNER_ID,
            message: `The last payment for ${companyName} failed. Ask an owner or admin to update the card.`,
            tone: 'warning',
          },
    );
  }

  // Only owners and admins can change the card, so only they are told about it.
  if (admin && subscription && cardExpiring(subscription.cardExpirationMonth, subscription.cardExpirationYear, now)) {
    const month = String(subscription.cardExpirationMonth).padStart(2, '0');
    const expired =
      subscription.cardExpirationYear! * 12 + subscription.cardExpirationMonth! - 1 <
      now.getUTCFullYear() * 12 + now.getUTCMonth();
    banners.push({
      id: CARD_EXPIRING_BANNER_ID,
      message: expired
        ? `The payment card of ${companyName} expired in ${month}/${subscription.cardExpirationYear}. Update it to avoid a failed payment.`
        : `The payment card of ${companyName} expires this month (${month}/${subscription.cardExpirationYear}). Update it to avoid a failed payment.`,
      tone: 'warning',
      action: { label: 'Update card', href },
    });
  }
  return banners;
}

/** Which company the billing banners on screen belong to. */
let shownFor: string | null = null;
let unwatch: (() => void) | null = null;

/** Removes every billing banner (another company became current, or none is). */
export function clearBillingBanners(): void {
  shownFor = null;
  const store = useBannerStore.getState();
  for (const id of BILLING_BANNER_IDS) if (store.banners.some((b) => b.id === id)) store.dismiss(id);
}

// Billing banners describe the current company only: once another one (or none) is current, they go.
function watchCurrentCompany(): void {
  if (unwatch) return;
  unwatch = useCompanyStore.subscribe((state) => {
    if (shownFor !== null && state.currentCompanyId !== shownFor) clearBillingBanners();
  });
}

/**
 * Shows the billing banners for a company's state and removes those it no longer calls for.
 * Ignored unless the company is the current company. Returns the banners now shown.
 */
export function applyBillingBanners(input: BillingBannerInput, now: Date = new Date()): Banner[] {
  if (useCompanyStore.getState().currentCompanyId !== input.companyId) return [];
  watchCurrentCompany();
  const wanted = billingBanners(input, now);
  const store = useBannerStore.getState();
  for (const id of BILLING_BANNER_IDS) {
    if (!wanted.some((b) => b.id === id) && store.banners.some((b) => b.id === id)) store.dismiss(id);
  }
  for (const banner of wanted) store.show(banner);
  shownFor = input.companyId;
  return wanted;
}

/**
 * The billing banners from company info (`POST /api/company/info`). Its null subscription
 * means "no subscription" unless the answer is marked `degraded: ['subscription']` (billing
 * did not answer): then nobody is told to choose a plan, and no billing banner shows until
 * an answer says more.
 */
export async function applyCompanyInfoBanners(info: CompanyInfo, now: Date = new Date()): Promise<Banner[]> {
  if (info.degraded?.includes('subscription')) {
    if (useCompanyStore.getState().currentCompanyId === info.company.id) clearBillingBanners();
    return [];
  }
  return applyBillingBanners(
    { companyId: info.company.id, companyName: info.company.name, role: info.role, subscription: info.subscription },
    now,
  );
}
