import { randomBytes } from 'node:crypto';
import http from 'node:http';

// A small server speaking Stripe's wire format for exactly the calls billing makes, so the
// real `stripe` SDK can be used in tests: form-encoded bodies with bracket keys, `expand[]`,
// Idempotency-Key replay, list objects and error bodies in the provider's shape.

type Form = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Form;
}

export interface SubscriptionState {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  itemId: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
  trialEnd: number | null;
  created: number;
  metadata: Record<string, string>;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 3600;

/** `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }` (arrays as objects with numeric keys, turned into arrays after). */
export function decodeForm(text: string): Form {
  const root: Form = {};
  for (const pair of text.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Form).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Form;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, { id: string; metadata: Record<string, string> }>();
  readonly subscriptions = new Map<string, SubscriptionState>();
  /** A customer's default card (set as the billing portal would). */
  readonly customerCards = new Map<string, { brand: string; last4: string; exp_month: number; exp_year: number }>();
  readonly sessions = new Map<
    string,
    { id: string; customer: string; priceId: string; metadata: Record<string, string> }
  >();
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  /** Makes the next calls fail with 500 (the provider being down). */
  failing = false;
  private hold: { method: string; path: string; arrived: () => void } | null = null;
  private server: http.Server | null = null;
  url = '';

  /**
   * The next request for `method path` is never answered (the caller waits as on a slow
   * provider); resolves when it has arrived.
   */
  holdNext(method: string, path: string): Promise<void> {
    return new Promise((resolve) => {
      this.hold = { method, path, arrived: resolve };
    });
  }

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const held = this.hold;
        if (held && request.method === held.method && request.url?.split('?')[0] === held.path) {
          this.hold = null;
          held.arrived();
          return;
        }
        const answer = this.handle(request, Buffer.concat(chunks).toString('utf8'));
        response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Requests that changed something (POST, DELETE), as the SDK sent them. */
  writes(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET');
  }

  /** What the hosted checkout page does once the customer paid: an active subscription with a card. */
  completeCheckout(sessionId: string): SubscriptionState {
    const session = this.sessions.get(sessionId)!;
    return this.putSubscription({
      customer: session.customer,
      status: 'active',
      priceId: session.priceId,
      metadata: session.metadata,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    });
  }

  putSubscription(given: Partial<SubscriptionState> & { customer: string }): SubscriptionState {
    const existing = given.id ? this.subscriptions.get(given.id) : undefined;
    const sub: SubscriptionState = {
      id: id('sub'),
      status: 'active',
      priceId: 'price_team',
      itemId: id('si'),
      cancelAtPeriodEnd: false,
      currentPeriodEnd: now() + MONTH,
      trialEnd: null,
      created: now(),
      metadata: {},
      card: null,
      ...existing,
      ...given,
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  subscriptionObject(sub: SubscriptionState, expand: string[]) {
    const pm = sub.card
      ? { id: `pm_${sub.id}`, object: 'payment_method', type: 'card', card: sub.card, customer: sub.customer }
      : null;
    const expanded = expand.includes('default_payment_method') || expand.includes('data.default_payment_method');
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      created: sub.created,
      trial_end: sub.trialEnd,
      metadata: sub.metadata,
      default_payment_method: pm ? (expanded ? pm : pm.id) : null,
      items: {
        object: 'list',
        data: [
          {
            id: sub.itemId,
            object: 'subscription_item',
            price: { id: sub.priceId, object: 'price', unit_amount: 9900, currency: 'usd' },
            quantity: 1,
            current_period_start: sub.currentPeriodEnd - MONTH,
            current_period_end: sub.currentPeriodEnd,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
      },
    };
  }

  private handle(request: http.IncomingMessage, body: string): { status: number; body: unknown } {
    const url = new URL(request.url ?? '/', 'http://x');
    const method = request.method ?? 'GET';
    const params = method === 'GET' || method === 'DELETE' ? decodeForm(url.search.slice(1)) : decodeForm(body);
    const key = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path: url.pathname, idempotencyKey: key, params });
    if (this.failing) return { status: 500, body: { error: { type: 'api_error', message: 'down' } } };
    const replayKey = key ? `${method} ${url.pathname} ${key}` : null;
    if (replayKey && this.replies.has(replayKey)) return this.replies.get(replayKey)!;
    let answer: { status: number; body: unknown };
    try {
      answer = { status: 200, body: this.route(method, url.pathname, params) };
    } catch (error) {
      answer = {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: (error as Error).message } },
      };
    }
    if (replayKey) this.replies.set(replayKey, answer);
    return answer;
  }

  private route(method: string, path: string, params: Form): unknown {
    const expand = (params.expand as string[] | undefined) ?? [];
    const metadata = (params.metadata as Record<string, string> | undefined) ?? {};
    const sub = (subId: string) => {
      const found = this.subscriptions.get(subId);
      if (!found) throw new Error(`No such subscription: '${subId}'`);
      return found;
    };
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), metadata };
      this.customers.set(customer.id, customer);
      return { ...customer, object: 'customer' };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = this.customers.get(match[1]);
      const card = this.customerCards.get(match[1]);
      const pm = card ? { id: `pm_${match[1]}`, object: 'payment_method', type: 'card', card } : null;
      return {
        id: match[1],
        object: 'customer',
        metadata: customer?.metadata ?? {},
        invoice_settings: { default_payment_method: pm },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = params.line_items as Array<{ price: string }>;
      const subscriptionData = (params.subscription_data as { metadata?: Record<string, string> } | undefined) ?? {};
      const session = {
        id: id('cs'),
        customer: String(params.customer),
        priceId: items[0].price,
        metadata: subscriptionData.metadata ?? {},
      };
      this.sessions.set(session.id, session);
      return {
        id: session.id,
        object: 'checkout.session',
        mode: 'subscription',
        customer: session.customer,
        url: `https://checkout.test/${session.id}`,
        metadata,
      };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const items = params.items as Array<{ price: string }>;
      const created = this.putSubscription({
        customer: String(params.customer),
        priceId: items[0].price,
        status: params.trial_end ? 'trialing' : 'active',
        trialEnd: params.trial_end ? Number(params.trial_end) : null,
        currentPeriodEnd: params.trial_end ? Number(params.trial_end) : now() + MONTH,
        metadata,
      });
      return this.subscriptionObject(created, expand);
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const data = [...this.subscriptions.values()]
        .filter((s) => s.customer === params.customer)
        .map((s) => this.subscriptionObject(s, expand));
      return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const current = sub(match[1]);
      if (method === 'GET') return this.subscriptionObject(current, expand);
      if (method === 'DELETE')
        return this.subscriptionObject(this.putSubscription({ ...current, status: 'canceled' }), expand);
      const items = params.items as Array<{ price?: string }> | undefined;
      const updated = this.putSubscription({
        ...current,
        ...(items?.[0]?.price ? { priceId: items[0].price } : {}),
        ...(params.cancel_at_period_end !== undefined
          ? { cancelAtPeriodEnd: params.cancel_at_period_end === 'true' }
          : {}),
      });
      return this.subscriptionObject(updated, expand);
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      return {
        object: 'invoice',
        amount_due: 7000,
        currency: 'usd',
        next_payment_attempt: now() + MONTH,
        period_end: now(),
        lines: {
          object: 'list',
          data: [{ description: 'Remaining time on Business', amount: 7000 }],
          has_more: false,
          url: '/v1/invoices/lines',
        },
      };
    }
    if (method === 'GET' && path === '/v1/invoices') {
      return {
        object: 'list',
        has_more: false,
        url: '/v1/invoices',
        data: [
          {
            id: 'in_1',
            object: 'invoice',
            number: 'TM-0001',
            status: 'paid',
            amount_due: 9900,
            amount_paid: 9900,
            currency: 'usd',
            created: 1763900000,
            period_start: 1763900000,
            period_end: 1766500000,
            hosted_invoice_url: 'https://invoice.test/in_1',
            customer: params.customer,
          },
        ],
      };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return {
        id: id('bps'),
        object: 'billing_portal.session',
        url: `https://portal.test/${String(params.customer)}`,
        return_url: params.return_url,
      };
    }
    throw new Error(`Unrecognized request URL (${method}: ${path})`);
  }
}
