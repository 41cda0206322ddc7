import type Stripe from 'stripe';
import type { TemplateName } from '@tracemap/mailer';
import { withTransaction } from '@tracemap/service-kit';
import type { SubscriptionDeps } from '../deps';
import { emailDate, queueBillingEmails } from '../lib/outbox';
import type { BillingContact } from '../lib/peers';
import {
  findCompanyByCustomer,
  markEventProcessed,
  saveCustomer,
  wasEventProcessed,
} from '../repositories/subscription-repository';
import { applyProviderRead, endReplacedTrials, lockCompany, readProvider } from './sync-company-subscription';

type Obj = Record<string, unknown>;
const str = (value: unknown): string | null =>
  typeof value === 'string' && value
    ? value
    : value && typeof value === 'object' && typeof (value as Obj).id === 'string'
      ? ((value as Obj).id as string)
      : null;

/** The company an event is about: named in metadata by us, or found through its customer. */
async function companyOf(
  deps: SubscriptionDeps,
  event: Stripe.Event,
): Promise<{ companyId: string | null; customerId: string | null }> {
  const object = event.data.object as unknown as Obj;
  const metadata = (object.metadata ?? {}) as Record<string, string>;
  const customerId =
    event.type.startsWith('customer.') && object.object === 'customer' ? str(object.id) : str(object.customer);
  const named =
    metadata.companyId || (event.type === 'checkout.session.completed' ? str(object.client_reference_id) : null);
  if (customerId) {
    const known = await findCompanyByCustomer(deps.db, customerId);
    if (known) return { companyId: known, customerId };
  }
  // Metadata written by someone else may name anything; only a company id of ours counts.
  return { companyId: named && UUID.test(named) ? named : null, customerId };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface EmailPlan {
  template: TemplateName;
  date?: Date | null;
}

/** Which email an event sends, if any. Decided from the event itself: it is about that moment. */
function emailFor(event: Stripe.Event): EmailPlan | null {
  const object = event.data.object as unknown as Obj;
  switch (event.type) {
    case 'customer.subscription.trial_will_end':
      return {
        template: 'trial-ending',
        date: typeof object.trial_end === 'number' ? new Date(object.trial_end * 1000) : null,
      };
    case 'invoice.payment_failed':
      return { template: 'payment-failed' };
    case 'customer.subscription.deleted':
      return { template: 'subscription-canceled' };
    case 'customer.subscription.updated': {
      const previous = (event.data.previous_attributes ?? {}) as Obj;
      // Only the moment a cancellation is asked for, not every later update of a canceled subscription.
      if (previous.cancel_at_period_end === false && object.cancel_at_period_end === true) {
        const items = (object.items as { data?: Array<{ current_period_end?: number }> } | undefined)?.data ?? [];
        const end = items[0]?.current_period_end;
        return { template: 'subscription-canceled', date: end ? new Date(end * 1000) : null };
      }
      return null;
    }
    default:
      return null;
  }
}

const HANDLED =
  /^(checkout\.session\.completed|customer\.subscription\.|customer\.updated|invoice\.(paid|payment_failed|payment_action_required|payment_succeeded)|payment_method\.)/;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * One verified provider event. It is applied at most once (its id is recorded in the same
 * transaction as the change), and never trusted for state: the company's subscriptions are
 * read again from the provider and saved in ticket order, so duplicates and any order of
 * delivery end in the provider's current state. Any failure throws, the endpoint answers
 * non-2xx and the provider delivers the event again.
 */
export async function handleWebhook(
  deps: SubscriptionDeps,
  event: Stripe.Event,
  requestId?: string,
): Promise<WebhookOutcome> {
  if (await wasEventProcessed(deps.db, event.id)) return 'duplicate';
  if (!HANDLED.test(event.type)) {
    await markEventProcessed(deps.db, event.id, event.type, null);
    return 'ignored';
  }
  const { companyId, customerId } = await companyOf(deps, event);
  if (!companyId) {
    // Not one of ours (another integration on the same account): nothing to do, ever.
    await markEventProcessed(deps.db, event.id, event.type, null);
    return 'ignored';
  }
  const email = emailFor(event);
  // Recipients are asked before the transaction so no connection waits on the network.
  let contacts: { companyName: string | null; contacts: BillingContact[] } = { companyName: null, contacts: [] };
  if (email) contacts = await deps.peers.billingContacts(companyId, requestId);

  // The provider is read before the transaction opens (see readProvider).
  const read = await readProvider(deps, companyId, customerId);
  const outcome = await withTransaction(deps.db, async (client) => {
    await lockCompany(client, companyId);
    if (!(await markEventProcessed(client, event.id, event.type, companyId)))
      return { duplicate: true, changed: false };
    if (customerId) await saveCustomer(client, companyId, customerId);
    const sync = await applyProviderRead(client, companyId, read);
    if (email) {
      await queueBillingEmails(client, {
        eventId: event.id,
        template: email.template,
        contacts: contacts.contacts,
        companyName: contacts.companyName,
        link: `${deps.config.PUBLIC_URL}/company/${companyId}/subscription`,
        // Only the event's own date: an ended subscription's period end is no promise of use.
        date: emailDate(email.date),
      });
    }
    await deps.beforeWebhookCommit?.(event.id);
    return { duplicate: false, changed: sync.changed, sync };
  });
  if (outcome.duplicate) return 'duplicate';
  if (outcome.changed) await deps.peers.subscriptionChanged(companyId, requestId);
  if (email) deps.wakeOutbox();
  if (outcome.sync) await endReplacedTrials(deps, outcome.sync);
  return 'processed';
}
