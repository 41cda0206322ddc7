import { invalidParam, missingParam, missingResource } from '../stripe-error';
import { int, list, obj, str } from '../params';
import type { InvoiceObject } from '../objects/invoices';
import { invoiceObject } from '../objects/invoices';
import { loadCustomer } from '../billing/invoicing';
import { recurringLine } from '../billing/lifecycle';
import { prorationLines } from '../billing/proration';
import { addMonths } from '../objects/periods';
import type { WireRouter } from './router';
import { listBody, pageOptions } from './lists';
import { loadPrice, loadSubscription } from './subscriptions';

export function registerInvoices(router: WireRouter): void {
  router.get('/invoices/:id', async ({ store, path }) => {
    const invoice = await store.find<InvoiceObject>(path.id, 'invoice');
    if (!invoice) throw missingResource('invoice', path.id);
    return invoice.data;
  });

  router.get('/invoices', async ({ store, params }) => {
    const subscription = str(params, 'subscription');
    const status = str(params, 'status');
    const match: Record<string, string> = {};
    if (subscription) match['parent.subscription_details.subscription'] = subscription;
    if (status) match.status = status;
    const page = await store.list<InvoiceObject>('invoice', { ...pageOptions(params), customer: str(params, 'customer'), match });
    return listBody('/v1/invoices', page);
  });

  /**
   * What the next invoice would be if the subscription changed as described:
   * the proration of a price change at `proration_date`, and (unless the
   * change is invoiced at once) the next period at the new price.
   */
  router.post('/invoices/create_preview', async ({ store, params }) => {
    const subscriptionId = str(params, 'subscription');
    if (!subscriptionId) throw missingParam('subscription');
    const subscription = (await loadSubscription(store, subscriptionId, 'subscription')).data;
    const customerId = str(params, 'customer') ?? subscription.customer;
    if (customerId !== subscription.customer) throw invalidParam('customer', 'The subscription belongs to another customer.');
    const customer = await loadCustomer(store, customerId);
    const details = obj(params, 'subscription_details') ?? {};
    const items = list(details, 'items');
    const first = items[0];
    const item = subscription.items.data[0];
    let price = item.price;
    if (first && typeof first === 'object' && !Array.isArray(first)) {
      const itemId = str(first, 'id');
      if (itemId && itemId !== item.id) throw missingResource('subscription_item', itemId, 'subscription_details[items][0][id]');
      const priceId = str(first, 'price');
      if (priceId) price = await loadPrice(store, priceId, 'subscription_details[items][0][price]');
    }
    const behaviour = str(details, 'proration_behavior') ?? 'create_prorations';
    if (!['create_prorations', 'none', 'always_invoice'].includes(behaviour)) {
      throw invalidParam('subscription_details[proration_behavior]', `Invalid proration_behavior: ${behaviour}`);
    }
    const prorationDate = int(details, 'proration_date') ?? store.now();
    const prorations = behaviour === 'none' ? [] : prorationLines(subscription, price, prorationDate);
    const lines = prorations.map((line) => ({ ...line, product: price.product, proration: true }));
    if (behaviour !== 'always_invoice') {
      const { internal } = await loadSubscription(store, subscriptionId, 'subscription');
      const pending = (internal.pendingProrations ?? []).map((line) => ({ ...line, product: item.price.product, proration: true }));
      const start = item.current_period_end;
      const next = { ...subscription, items: { ...subscription.items, data: [{ ...item, price }] } };
      lines.unshift(...pending);
      lines.push(recurringLine(next, start, addMonths(start, 1)));
    }
    const preview = invoiceObject({
      now: store.now(),
      subscription,
      customer: { id: customer.data.id, email: customer.data.email, name: customer.data.name },
      lines,
      billingReason: behaviour === 'always_invoice' ? 'subscription_update' : 'upcoming',
      startingBalance: customer.data.balance,
      number: null,
      preview: true,
    });
    return { ...preview, parent: { ...preview.parent, subscription_details: { ...preview.parent.subscription_details, subscription_proration_date: prorationDate } } };
  });
}
