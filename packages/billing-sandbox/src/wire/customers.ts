import { invalidParam } from '../stripe-error';
import { mergeMetadata, metadata, obj, str } from '../params';
import { customerObject, type CustomerObject } from '../objects/customers';
import { loadCustomer } from '../billing/invoicing';
import { previousAttributes } from '../store';
import type { WireRouter } from './router';
import { listBody, pageOptions } from './lists';

// The one search form the product needs: `metadata['key']:'value'`, optionally with `email:'…'`, joined by AND.
const CLAUSE = /^\s*(?:metadata\['([^'\\]+)'\]|(email))\s*:\s*'([^'\\]*)'\s*$/;

function parseSearch(query: string): { metadata?: [string, string]; email?: string } {
  const out: { metadata?: [string, string]; email?: string } = {};
  for (const clause of query.split(/\s+AND\s+/)) {
    const match = CLAUSE.exec(clause);
    if (!match)
      throw invalidParam(
        'query',
        `The sandbox can only search customers by metadata['key']:'value' and email:'value'; got: ${query}`,
      );
    if (match[2]) out.email = match[3];
    else out.metadata = [match[1], match[3]];
  }
  return out;
}

export function registerCustomers(router: WireRouter): void {
  router.post('/customers', async ({ store, params }) => {
    const customer = customerObject(store.now(), {
      email: str(params, 'email'),
      name: str(params, 'name'),
      description: str(params, 'description'),
      metadata: metadata(params) ?? {},
    });
    await store.insert(customer);
    await store.emit('customer.created', customer);
    return customer;
  });

  router.get('/customers/search', async ({ store, params }) => {
    const search = parseSearch(str(params, 'query') ?? '');
    const page = await store.list<CustomerObject>('customer', {
      limit: Number(str(params, 'limit') ?? 10),
      metadata: search.metadata,
      match: search.email ? { email: search.email } : undefined,
    });
    return {
      object: 'search_result',
      data: page.data.map((c) => c.data),
      has_more: false,
      next_page: null,
      url: '/v1/customers/search',
    };
  });

  router.get('/customers/:id', async ({ store, path }) => (await loadCustomer(store, path.id)).data);

  router.post('/customers/:id', async ({ store, params, path }) => {
    const customer = await loadCustomer(store, path.id);
    const before = structuredClone(customer.data);
    const data = customer.data;
    const email = str(params, 'email');
    const name = str(params, 'name');
    if (email !== undefined) data.email = email || null;
    if (name !== undefined) data.name = name || null;
    data.metadata = mergeMetadata(data.metadata, metadata(params));
    const settings = obj(params, 'invoice_settings');
    if (settings && settings.default_payment_method === '') data.invoice_settings.default_payment_method = null;
    else if (settings && typeof settings.default_payment_method === 'string') {
      const method = await store.find(settings.default_payment_method, 'payment_method');
      if (!method || method.data.customer !== data.id) {
        throw invalidParam(
          'invoice_settings[default_payment_method]',
          `No such PaymentMethod: '${settings.default_payment_method}'`,
        );
      }
      data.invoice_settings.default_payment_method = settings.default_payment_method;
    }
    await store.save(data);
    const previous = previousAttributes(before, data);
    if (Object.keys(previous).length > 0) await store.emit('customer.updated', data, previous);
    return data;
  });

  router.get('/customers', async ({ store, params }) => {
    const email = str(params, 'email');
    const page = await store.list<CustomerObject>('customer', {
      ...pageOptions(params),
      match: email ? { email } : undefined,
    });
    return listBody('/v1/customers', page);
  });
}
