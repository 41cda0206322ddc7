import type { JudgedFinding, LayerSource, PlanView } from '@tracemap/contracts';
import { judge } from '../../src/findings';
import type { NameMapping } from '../../src/matching';
import type { Profile } from '../../src/profile';
import { T0, attribute, event, map, snapshot, view } from './plan-fixture';

// One small shop plan every finding test judges against.

export const attrs = {
  revenue: attribute('revenue', 'number'),
  currency: attribute('currency', 'string', {}, { kind: 'enum', values: ['EUR', 'USD'] }),
  orderId: attribute('order_id', 'string', {}, { kind: 'regex', pattern: '^[0-9]{8}$' }),
  quantity: attribute('quantity', 'integer'),
  referrer: attribute('referrer', 'string', { scope: 'system' }, { kind: 'format', format: 'uri' }),
  pageType: attribute('page_type', 'string', { scope: 'view' }),
  query: attribute('search_query', 'string'),
  email: attribute('email', 'string', { scope: 'user', pii: true }, { kind: 'format', format: 'email' }),
  productId: attribute('product_id', 'string'),
};

const checkout: PlanView = view('Checkout', '/checkout/:step', []);
const review: PlanView = view('Checkout Review', '/checkout/review', []);
const account: PlanView = view('Account', '/account', []);
const home: PlanView = view('Home', '/', []);

const byCheckout: LayerSource[] = [{ layer: 'view', id: checkout.id, name: checkout.name, presence: 'required' }];
const pageType = {
  attribute: attrs.pageType,
  presence: 'required' as const,
  layer: 'view' as const,
  sources: byCheckout,
};

export const events = {
  orderCompleted: event('Order Completed', [
    { attribute: attrs.revenue, presence: 'required' },
    { attribute: attrs.currency, presence: 'required' },
    { attribute: attrs.orderId, presence: 'required' },
    { attribute: attrs.quantity },
    { attribute: attrs.referrer, layer: 'system' },
  ]),
  productViewed: event('Product Viewed', [{ attribute: attrs.productId }]),
  checkoutStarted: event('Checkout Started', [pageType, { attribute: attrs.revenue }]),
  stepViewed: event('Checkout Step Viewed', [pageType]),
  paymentEntered: event('Payment Info Entered', [pageType]),
  productsSearched: event('Products Searched', [{ attribute: attrs.query }]),
  orderRefunded: event('Order Refunded', []),
  productReviewed: event('Product Reviewed', [], { status: 'planned' }),
  signedOut: event('Signed Out', [], { status: 'deprecated' }),
  pageViewed: event('Page Viewed', [], { kind: 'page' }),
  identify: event('Identify', [], { kind: 'identify' }),
};

checkout.events = [events.checkoutStarted, events.stepViewed, events.paymentEntered, events.pageViewed].map((e) => ({
  eventId: e.id,
}));
review.events = [{ eventId: events.pageViewed.id }];
account.events = [events.orderRefunded, events.signedOut, events.pageViewed].map((e) => ({ eventId: e.id }));
home.events = [events.productsSearched, events.productViewed, events.pageViewed].map((e) => ({ eventId: e.id }));
export const views = { checkout, review, account, home };

export const plan = snapshot({
  attributes: Object.values(attrs),
  events: Object.values(events),
  views: Object.values(views),
  maps: [map('Journey', [home, checkout, review])],
});

/** Events that make the plan's own checks quiet, so a test adds only the traffic its finding needs. */
export const validOrder = {
  revenue: 12.5,
  currency: 'EUR',
  order_id: '12345678',
};

export function judged(profile: Profile, nameMappings: NameMapping[] = []): JudgedFinding[] {
  return judge(profile, plan, { now: T0, nameMappings });
}

export const ofType = (findings: JudgedFinding[], type: JudgedFinding['type']) =>
  findings.filter((f) => f.type === type);
