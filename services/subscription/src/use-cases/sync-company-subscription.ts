import { SUBSCRIPTION_EVENTS_CHANNEL } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import type { SubscriptionDeps } from '../deps';
import { isLive, mapProviderStatus, type LocalStatus } from '../domain/map-status';
import type { ProviderSubscription } from '../providers/billing-provider';
import { findCustomerId, saveSubscription } from '../repositories/subscription-repository';

/** A paid live subscription beats a trial, a trial beats a pending first payment, anything live beats an ended one. */
function rank(sub: ProviderSubscription): number {
  if (!isLive(sub.status)) return 0;
  if (sub.status === 'incomplete') return 1;
  if (sub.status === 'trialing') return 2;
  return 3;
}

/** The subscription that decides the company's state among all the customer has at the provider. */
export function pickCurrent(subscriptions: ProviderSubscription[]): ProviderSubscription | null {
  let best: ProviderSubscription | null = null;
  for (const sub of subscriptions) {
    if (!best || rank(sub) > rank(best) || (rank(sub) === rank(best) && (sub.created > best.created || (sub.created === best.created && sub.id > best.id)))) best = sub;
  }
  return best;
}

export interface SyncOutcome {
  changed: boolean;
  status: LocalStatus | null;
  current: ProviderSubscription | null;
  all: ProviderSubscription[];
}

/**
 * Makes the local copy the provider's current truth for one company. The caller holds the
 * company's lock (see lockCompany) for the whole read-then-write, so two deliveries for the
 * same company cannot interleave and write an older read over a newer one: whatever order
 * events arrive in, the last writer read the provider last.
 */
export async function syncCompanySubscription(deps: SubscriptionDeps, client: Queryable, companyId: string): Promise<SyncOutcome> {
  const customerId = await findCustomerId(client, companyId);
  if (!customerId) return { changed: false, status: null, current: null, all: [] };
  const all = await deps.provider.listSubscriptions(customerId);
  const picked = pickCurrent(all);
  if (!picked) return { changed: false, status: null, current: null, all };
  // A card changed in the billing portal may be set on the customer rather than the subscription.
  const current = picked.card || !isLive(picked.status) ? picked : { ...picked, card: await deps.provider.customerCard(customerId) };
  const status = mapProviderStatus(current.status, current.cancelAtPeriodEnd);
  const changed = await saveSubscription(client, companyId, status, current);
  // Delivered when the transaction commits, to every replica of the company service.
  if (changed) await client.query('SELECT pg_notify($1, $2)', [SUBSCRIPTION_EVENTS_CHANNEL, companyId]);
  return { changed, status, current, all };
}

/**
 * A paid subscription replaces the company's trial: the trial is ended at the provider so it
 * never bills. Runs after each sync (webhooks and the reconciliation); a failure is logged and
 * the next sync tries again under the same idempotency key.
 */
export async function endReplacedTrials(deps: SubscriptionDeps, sync: Pick<SyncOutcome, 'current' | 'all'>): Promise<void> {
  const { current, all } = sync;
  if (!current || !isLive(current.status) || current.status === 'trialing' || current.status === 'incomplete') return;
  for (const sub of all) {
    if (sub.id === current.id || sub.status !== 'trialing') continue;
    try {
      await deps.provider.cancelNow(sub.id, `sub-cancel-replaced-${sub.id}`);
    } catch (error) {
      deps.log.warn({ err: error, subscriptionId: sub.id }, 'could not end a replaced trial; the next sync tries again');
    }
  }
}

/** Serialises billing changes of one company across requests, webhooks and replicas (until the transaction ends). */
export async function lockCompany(client: Queryable, companyId: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('subscription:' || $1))`, [companyId]);
}
