import type { Invoice, Plan, SubscriptionDetails, SubscriptionPreview } from '@tracemap/contracts';
import type { CompanyInfo } from '../company/types';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { apiFetch, authedFetch } from '@tracemap/shell-core';

/** What a plan change answers: company info, plus where to send the browser when a checkout is needed. */
export type SubscriptionUpdateAnswer = CompanyInfo & { checkoutUrl?: string };

function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  return authedFetch<T>(`/api/subscription${path}`, { method: 'POST', body });
}

/** `GET /api/subscription/plans`: the public catalogue (no login needed). */
export async function listPlans(signal?: AbortSignal): Promise<Plan[]> {
  const { plans } = await apiFetch<{ plans: Plan[] }>('/api/subscription/plans', { token: null, signal });
  return plans;
}

/**
 * `POST /api/subscription/update`: without a paid subscription the answer carries a
 * `checkoutUrl` the browser must open; with one the plan changes at once (prorated).
 */
export function updateSubscription(companyId: string, priceId: string): Promise<SubscriptionUpdateAnswer> {
  return post('/update', { companyId, priceId });
}

/** `POST /api/subscription/preview`: what changing to `priceId` would cost now. */
export function previewSubscriptionChange(companyId: string, priceId: string): Promise<SubscriptionPreview> {
  return post('/preview', { companyId, priceId });
}

/** `POST /api/subscription/cancel`: stops renewal; the company keeps its plan until the period ends. */
export function cancelSubscription(companyId: string): Promise<CompanyInfo> {
  return post('/cancel', { companyId });
}

/** `POST /api/subscription/resume`: undoes a cancel while the period still runs. */
export function resumeSubscription(companyId: string): Promise<CompanyInfo> {
  return post('/resume', { companyId });
}

/** `POST /api/subscription/portal`: a billing portal page for the card; open `url`. */
export function openBillingPortal(companyId: string): Promise<{ url: string }> {
  return post('/portal', { companyId });
}

/** `POST /api/subscription/invoices`: newest first. */
export async function listInvoices(companyId: string): Promise<Invoice[]> {
  const { invoices } = await post<{ invoices: Invoice[] }>('/invoices', { companyId });
  return invoices;
}

/** `POST /api/subscription/details`: any member; null when the company has no subscription. */
export async function getSubscriptionDetails(companyId: string): Promise<SubscriptionDetails | null> {
  const { subscription } = await post<{ subscription: SubscriptionDetails | null }>('/details', { companyId });
  return subscription;
}
