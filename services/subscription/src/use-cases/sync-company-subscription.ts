import { SUBSCRIPTION_EVENTS_CHANNEL } from '@tracemap/contracts';
import { withTransaction, type Queryable } from '@tracemap/service-kit';
import type { SubscriptionDeps } from '../deps';
import { isLive, mapProviderStatus, type LocalStatus } from '../domain/map-status';
import type { ProviderSubscription } from '../providers/billing-provider';
import { findCustomerId, findSubscription, saveSubscription } from '../repositories/subscription-repository';

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
    if (
      !best ||
      rank(sub) > rank(best) ||
      (rank(sub) === rank(best) && (sub.created > best.created || (sub.created === best.created && sub.id > best.id)))
    )
      best = sub;
  }
  return best;
}

export interface SyncOutcome {
  changed: boolean;
  status: LocalStatus | null;
  current: ProviderSubscription | null;
  all: ProviderSubscription[];
}

/** What the provider says of one company's subscriptions, read outside any transaction. */
export interface ProviderRead {
  /** Taken before the read: orders this sync among the company's others. */
  ticket: number;
  customerId: string | null;
  all: ProviderSubscription[];
  /** The subscription that decides the company's state, with the card as the provider has it. */
  current: ProviderSubscription | null;
}

/**
 * Reads the company's subscriptions from the provider, after taking the next sync ticket.
 * No transaction is open meanwhile: the provider call may take seconds, and on the embedded
 * database one open transaction holds the only backend every service shares.
 */
export async function readProvider(
  deps: SubscriptionDeps,
  companyId: string,
  knownCustomerId?: string | null,
): Promise<ProviderRead> {
  const { rows } = await deps.db.query<{ issued: string }>(
    `INSERT INTO subscription.sync_tickets (company_id, issued) VALUES ($1, 1)
     ON CONFLICT (company_id) DO UPDATE SET issued = subscription.sync_tickets.issued + 1 RETURNING issued`,
    [companyId],
  );
  const ticket = Number(rows[0].issued);
  const customerId = knownCustomerId ?? (await findCustomerId(deps.db, companyId));
  if (!customerId) return { ticket, customerId, all: [], current: null };
  const all = await deps.provider.listSubscriptions(customerId);
  const picked = pickCurrent(all);
  // A card changed in the billing portal may be set on the customer rather than the subscription.
  const current =
    !picked || picked.card || !isLive(picked.status)
      ? picked
      : { ...picked, card: await deps.provider.customerCard(customerId) };
  return { ticket, customerId, all, current };
}

/**
 * Makes the local copy what the provider said, inside the caller's transaction (which holds
 * the company's lock, see lockCompany). A read that an older sync's ticket beat to it is
 * dropped: a sync that started later, and so saw at least as much, was saved already, and
 * every later change at the provider brings a webhook and a sync of its own.
 */
export async function applyProviderRead(
  client: Queryable,
  companyId: string,
  read: ProviderRead,
): Promise<SyncOutcome> {
  const { all, current } = read;
  const latest = await client.query(
    `UPDATE subscription.sync_tickets SET applied = $2 WHERE company_id = $1 AND applied < $2`,
    [companyId, read.ticket],
  );
  if (latest.rowCount === 0 || !current) {
    const stored = await findSubscription(client, companyId);
    return { changed: false, status: stored?.status ?? null, current, all };
  }
  const status = mapProviderStatus(current.status, current.cancelAtPeriodEnd);
  const changed = await saveSubscription(client, companyId, status, current);
  // Delivered when the transaction commits, to every replica of the company service.
  if (changed) await client.query('SELECT pg_notify($1, $2)', [SUBSCRIPTION_EVENTS_CHANNEL, companyId]);
  return { changed, status, current, all };
}

/** Reads the provider, then saves what it said under the company's lock: the whole sync of one company. */
export async function syncCompanySubscription(deps: SubscriptionDeps, companyId: string): Promise<SyncOutcome> {
  const read = await readProvider(deps, companyId);
  return withTransaction(deps.db, async (client) => {
    await lockCompany(client, companyId);
    return applyProviderRead(client, companyId, read);
  });
}

/**
 * A paid subscription replaces the company's trial: the trial is ended at the provider so it
 * never bills. Runs after each sync (webhooks and the reconciliation); a failure is logged and
 * the next sync tries again under the same idempotency key.
 */
export async function endReplacedTrials(
  deps: SubscriptionDeps,
  sync: Pick<SyncOutcome, 'current' | 'all'>,
): Promise<void> {
  const { current, all } = sync;
  if (!current || !isLive(current.status) || current.status === 'trialing' || current.status === 'incomplete') return;
  for (const sub of all) {
    if (sub.id === current.id || sub.status !== 'trialing') continue;
    try {
      await deps.provider.cancelNow(sub.id, `sub-cancel-replaced-${sub.id}`);
    } catch (error) {
      deps.log.warn(
        { err: error, subscriptionId: sub.id },
        'could not end a replaced trial; the next sync tries again',
      );
    }
  }
}

/** Serialises billing changes of one company across requests, webhooks and replicas (until the transaction ends). */
export async function lockCompany(client: Queryable, companyId: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('subscription:' || $1))`, [companyId]);
}
