/**
 * The defects example traffic carries, each at a known rate, named after the
 * sample e-commerce plan. A defect whose event or view a plan lacks is left out.
 */
export const EXAMPLE_DEFECTS = {
  /** A share of `Product Viewed` is sent under a new name the plan does not know. */
  renamedEvent: { planned: 'Product Viewed', sentAs: 'product_viewed_v2', rate: 0.25 },
  /** Another share is sent in another naming case. */
  nameCase: { planned: 'Product Viewed', sentAs: 'productViewed', rate: 0.1 },
  /** From this app version on, the number is sent as text. */
  typeSplit: { event: 'Product Added', property: 'price', fromAppVersion: '5.2.0' },
  missingRequired: { event: 'Checkout Started', property: 'revenue', rate: 0.2 },
  /** Fired on a share of view visits; the plan has no such event. */
  unplannedEvent: { name: 'Chat Opened', rate: 0.03 },
  /** Sent with every event of its name; the plan has no such attribute there. */
  unplannedProperty: { event: 'Cart Viewed', property: 'cart_size' },
  enumViolation: { event: 'Payment Info Entered', property: 'payment_method', value: 'crypto', rate: 0.05 },
  patternViolation: { event: 'Order Completed', property: 'order_id', value: 'TEST-ORDER', rate: 0.1 },
  /** Emails and phone numbers typed into a search box, in a property that is not personal. */
  personalValues: { event: 'Products Searched', property: 'search_query', rate: 0.05 },
  /** A planned event the apps never send. */
  neverSent: 'Order Refunded',
  /** A share of `Coupon Applied` is sent with a typo, one letter from the planned name. */
  similarName: { planned: 'Coupon Applied', sentAs: 'Coupon Aplied', rate: 0.15 },
  /** Always sent as text, never as the planned integer. */
  typeMismatch: { event: 'Product Removed', property: 'quantity' },
  /** From this app version on, most of these events are lost (a broken banner tracker). */
  volumeShift: { event: 'Promotion Viewed', appVersion: '5.2.0', kept: 0.1 },
  /** Never sent from this platform, though its sessions fire the events around it. */
  platformGap: { event: 'Promotion Clicked', platform: 'ios' },
  /**
   * A view no session opens: the example plan adds it, with an event of its
   * own, so neither the view nor its event is ever seen.
   */
  unvisitedView: { view: 'Store Locator', urlPattern: '/stores', event: 'Store Searched' },
  /** A share of sessions go from this view straight to the second, skipping the map's steps between them. */
  skippedEdge: { from: 'Cart', to: 'Checkout Payment', rate: 0.15 },
} as const;

/** App versions of the sessions and their shares, oldest first. */
export const APP_VERSIONS: readonly (readonly [string, number])[] = [
  ['5.0.3', 0.3],
  ['5.1.0', 0.35],
  ['5.2.0', 0.35],
];

/** Platforms of the sessions and their shares. */
export const PLATFORMS: readonly (readonly ['web' | 'ios', number])[] = [
  ['web', 0.7],
  ['ios', 0.3],
];

/** The versions at or after the type split's version, in APP_VERSIONS order. */
export function versionsWithTypeSplit(): Set<string> {
  const names = APP_VERSIONS.map(([version]) => version);
  return new Set(names.slice(names.indexOf(EXAMPLE_DEFECTS.typeSplit.fromAppVersion)));
}

/** Chances that shape a session (not defects). */
export const JOURNEY = {
  /** Each event that can fire on a view fires on a visit with this chance. */
  viewEvent: 0.35,
  /** An optional attribute is sent with this chance. */
  optionalAttribute: 0.5,
  /** After a view, the session ends with this chance. */
  leave: 0.12,
  /** After a view, the user opens a view that is on no map (account, sign-up) and the session ends there. */
  offMap: 0.06,
  /** A session starts with an identify call, in formats that have one. */
  identify: 0.25,
  maxViews: 25,
} as const;

/** Where the example's time starts: sessions follow each other from here. */
export const EXAMPLE_START = Date.UTC(2024, 2, 1);
export const EXAMPLE_HOST = 'https://shop.example';
