import type { FastifyInstance, FastifyReply } from 'fastify';
import { decodeForm, type FormObject } from '../form-encoding';
import { SandboxStore, type SandboxSetup } from '../store';
import { StripeWireError } from '../stripe-error';
import type { CheckoutSessionObject } from '../objects/checkout-sessions';
import type { PriceObject } from '../objects/prices';
import { isEnded, type SubscriptionObject } from '../objects/subscriptions';
import { completeCheckout, type CheckoutInternal } from '../billing/complete-checkout';
import { loadCustomer } from '../billing/invoicing';
import { currentCard, loadPortalSession, updateCard } from '../billing/update-card';
import type { CardForm } from '../billing/test-cards';
import { checkoutPage } from './checkout-page';
import { contentSecurityPolicy, page } from './html';
import { portalPage } from './portal-page';

const ID = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_]{1,80}$' } },
  required: ['id'],
} as const;

function cardForm(body: unknown): CardForm {
  const form = (body ?? {}) as FormObject;
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : undefined);
  return { number: text('number'), expiry: text('expiry'), cvc: text('cvc'), name: text('name') };
}

function html(reply: FastifyReply, status: number, body: string, formTargets: string[] = []) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(formTargets))
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

const notFound = (reply: FastifyReply) => html(reply, 404, page('Not found', '<h1>This page does not exist</h1>'));

/**
 * The provider's hosted pages: checkout (pay for a plan with a card) and the
 * billing portal (replace the card). A refused card shows the provider's
 * message and changes nothing.
 */
export function registerPages(app: FastifyInstance, setup: SandboxSetup, onEvents: () => void): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, decodeForm(body as string));
  });

  const read = <T>(work: (store: SandboxStore) => Promise<T>) =>
    app.transaction(async (client) => work(await SandboxStore.open(client, setup)));

  async function showCheckout(reply: FastifyReply, id: string, status: number, error: string | null) {
    const view = await read(async (store) => {
      const session = await store.find<CheckoutSessionObject>(id, 'checkout.session');
      if (!session) return null;
      const internal = session.internal as CheckoutInternal;
      const price = (await store.find<PriceObject>(internal.price, 'price'))!.data;
      // An open session past its expiry can no longer be paid; it shows as expired.
      const expired = session.data.status === 'open' && session.data.expires_at < store.now();
      return {
        session: expired ? { ...session.data, status: 'expired' as const } : session.data,
        price,
        trialDays: internal.trialPeriodDays,
      };
    });
    if (!view) return notFound(reply);
    return html(reply, status, checkoutPage(view.session, view.price, view.trialDays, error), [
      view.session.success_url,
    ]);
  }

  app.get('/checkout/:id', { schema: { params: ID } }, async (request, reply) =>
    showCheckout(reply, (request.params as { id: string }).id, 200, null),
  );

  app.post('/checkout/:id', { schema: { params: ID } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    try {
      let emitted = 0;
      const next = await app.transaction(async (client) => {
        const store = await SandboxStore.open(client, setup);
        const url = await completeCheckout(store, id, cardForm(request.body));
        emitted = store.emitted.length;
        return url;
      });
      if (emitted > 0) onEvents();
      return reply.code(303).header('location', next).send();
    } catch (error) {
      if (!(error instanceof StripeWireError)) throw error;
      if (error.statusCode === 404) return notFound(reply);
      return showCheckout(reply, id, error.statusCode === 402 ? 402 : 400, error.message);
    }
  });

  async function showPortal(reply: FastifyReply, id: string, status: number, message: { error?: string; ok?: string }) {
    const view = await read(async (store) => {
      const session = await store.find(id, 'billing_portal.session');
      if (!session) return null;
      const portal = await loadPortalSession(store, id);
      const customer = await loadCustomer(store, portal.customer);
      const subscriptions = await store.list<SubscriptionObject>('subscription', {
        customer: customer.data.id,
        limit: 20,
      });
      return {
        portal,
        card: await currentCard(store, customer.data),
        subscriptions: subscriptions.data.map((s) => s.data).filter((s) => !isEnded(s.status)),
      };
    });
    if (!view) return notFound(reply);
    return html(reply, status, portalPage(view.portal, view.card, view.subscriptions, message));
  }

  app.get('/portal/:id', { schema: { params: ID } }, async (request, reply) =>
    showPortal(reply, (request.params as { id: string }).id, 200, {}),
  );

  app.post('/portal/:id', { schema: { params: ID } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    try {
      let emitted = 0;
      await app.transaction(async (client) => {
        const store = await SandboxStore.open(client, setup);
        await updateCard(store, id, cardForm(request.body));
        emitted = store.emitted.length;
      });
      if (emitted > 0) onEvents();
      return showPortal(reply, id, 200, { ok: 'Your card was updated.' });
    } catch (error) {
      if (!(error instanceof StripeWireError)) throw error;
      if (error.statusCode === 404) return notFound(reply);
      return showPortal(reply, id, error.statusCode === 402 ? 402 : 400, { error: error.message });
    }
  });
}
