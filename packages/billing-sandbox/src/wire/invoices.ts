import { missingResource } from '../stripe-error';
import { str } from '../params';
import type { InvoiceObject } from '../objects/invoices';
import { previewInvoice } from '../billing/preview-invoice';
import type { WireRouter } from './router';
import { listBody, pageOptions } from './lists';

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
    const page = await store.list<InvoiceObject>('invoice', {
      ...pageOptions(params),
      customer: str(params, 'customer'),
      match,
    });
    return listBody('/v1/invoices', page);
  });

  router.post('/invoices/create_preview', async ({ store, params }) => previewInvoice(store, params));
}
