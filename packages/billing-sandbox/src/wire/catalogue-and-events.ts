import { missingResource } from '../stripe-error';
import { bool, int, list, obj, str } from '../params';
import type { FormObject } from '../form-encoding';
import type { PaymentMethodObject } from '../objects/payment-methods';
import type { SandboxStore } from '../store';
import type { WireRouter } from './router';
import { listBody, pageOptions } from './lists';

function rangeFilter(params: FormObject, name: string): Array<[string, number]> {
  const value = params[name];
  if (typeof value === 'string') return [['=', int(params, name)!]];
  const range = obj(params, name);
  if (!range) return [];
  const ops: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
  return Object.entries(ops).flatMap(([key, op]) => {
    const n = int(range, key);
    return n === undefined ? [] : [[op, n] as [string, number]];
  });
}

/** Events newest first, filtered like the provider's list (type or types[], created ranges), with pending_webhooks. */
async function listEvents(store: SandboxStore, params: FormObject) {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    values.push(value);
    where.push(sql(values.length));
  };
  const type = str(params, 'type');
  if (type) add((n) => (type.includes('*') ? `type LIKE $${n}` : `type = $${n}`), type.replace(/\*/g, '%'));
  const types = list(params, 'types').filter((t): t is string => typeof t === 'string');
  if (types.length > 0) add((n) => `type = ANY($${n}::text[])`, types);
  for (const [op, n] of rangeFilter(params, 'created')) add((i) => `created ${op} $${i}`, n);
  if (bool(params, 'delivery_success') === false) where.push(`delivery_status <> 'delivered'`);
  const startingAfter = str(params, 'starting_after');
  if (startingAfter) add((n) => `seq < (SELECT seq FROM ${store.tables.events} WHERE id = $${n})`, startingAfter);
  const limit = Math.min(Math.max(int(params, 'limit') ?? 10, 1), 100);
  values.push(limit + 1);
  const { rows } = await store.client.query(
    `SELECT data, delivery_status FROM ${store.tables.events} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY seq DESC LIMIT $${values.length}`,
    values,
  );
  const data = rows
    .slice(0, limit)
    .map((r) => ({ ...r.data, pending_webhooks: r.delivery_status === 'delivered' ? 0 : 1 }));
  return { object: 'list', data, has_more: rows.length > limit, url: '/v1/events' };
}

export function registerCatalogueAndEvents(router: WireRouter): void {
  router.get('/prices', async ({ store, params }) => {
    const active = bool(params, 'active');
    const prices = store.prices().filter((p) => active === undefined || p.active === active);
    return { object: 'list', data: prices, has_more: false, url: '/v1/prices' };
  });
  router.get('/prices/:id', async ({ store, path }) => {
    const price = await store.find(path.id, 'price');
    if (!price) throw missingResource('price', path.id);
    return price.data;
  });
  router.get('/products/:id', async ({ store, path }) => {
    const product = await store.find(path.id, 'product');
    if (!product) throw missingResource('product', path.id);
    return product.data;
  });

  router.get('/payment_methods/:id', async ({ store, path }) => {
    const method = await store.find(path.id, 'payment_method');
    if (!method) throw missingResource('payment_method', path.id);
    return method.data;
  });
  router.get('/payment_methods', async ({ store, params }) => {
    const page = await store.list<PaymentMethodObject>('payment_method', {
      ...pageOptions(params),
      customer: str(params, 'customer'),
      match: { customer: str(params, 'customer') ?? '' },
    });
    return listBody('/v1/payment_methods', page);
  });
  router.get('/customers/:id/payment_methods', async ({ store, params, path }) => {
    const page = await store.list<PaymentMethodObject>('payment_method', {
      ...pageOptions(params),
      match: { customer: path.id },
    });
    return listBody(`/v1/customers/${path.id}/payment_methods`, page);
  });

  router.get('/events/:id', async ({ store, path }) => {
    const { rows } = await store.client.query(
      `SELECT data, delivery_status FROM ${store.tables.events} WHERE id = $1`,
      [path.id],
    );
    if (!rows[0]) throw missingResource('event', path.id);
    return { ...rows[0].data, pending_webhooks: rows[0].delivery_status === 'delivered' ? 0 : 1 };
  });
  router.get('/events', async ({ store, params }) => listEvents(store, params));
}
