/** The e-commerce sample plan as data: what generate-ecommerce-sample.ts turns into the native file. */
type Presence = 'required' | 'optional';
type Override = Record<string, unknown>;
export type LinkSpec = [name: string, presence: Presence, override?: Override];
export interface AttributeSpec {
  name: string;
  displayName?: string;
  description: string;
  scope: 'event' | 'user' | 'view' | 'system' | 'group';
  type: 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'object' | 'array' | 'any';
  itemType?: 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'object' | 'any';
  validation?: Override & { kind: string };
  origin?: string;
  exposed?: boolean;
  nullable?: boolean;
  pii?: boolean;
  tags?: string[];
  status?: 'planned' | 'implemented' | 'live' | 'deprecated';
  owners?: string[];
}

const money = { kind: 'range', min: 0 };
const enumOf = (...values: string[]) => ({ kind: 'enum', values });

export const ATTRIBUTES: AttributeSpec[] = [
  // Sent with every event.
  {
    name: 'platform',
    scope: 'system',
    type: 'string',
    description: 'Where the event was sent from.',
    validation: enumOf('web', 'ios', 'android'),
    origin: 'context.platform',
  },
  {
    name: 'app_version',
    scope: 'system',
    type: 'string',
    description: 'Version of the web app or mobile app build, as semver.',
    validation: { kind: 'regex', pattern: '^\\d+\\.\\d+\\.\\d+$' },
    origin: 'context.app.version',
  },
  {
    name: 'session_id',
    scope: 'system',
    type: 'string',
    description: 'Identifier of the browsing session; a new one after 30 minutes without activity.',
    validation: { kind: 'format', format: 'uuid' },
    origin: 'context.sessionId',
  },
  {
    name: 'locale',
    scope: 'system',
    type: 'string',
    description: 'Language and region the shop is shown in, e.g. en-GB.',
    validation: { kind: 'regex', pattern: '^[a-z]{2}(-[A-Z]{2})?$' },
    origin: 'context.locale',
  },
  {
    name: 'device_type',
    scope: 'system',
    type: 'string',
    description: 'Kind of device, from the user agent.',
    validation: enumOf('desktop', 'mobile', 'tablet'),
  },
  {
    name: 'referrer',
    scope: 'system',
    type: 'string',
    description: 'Page the visitor came from, when the browser tells.',
    validation: { kind: 'format', format: 'uri' },
    nullable: true,
    origin: 'document.referrer',
  },
  // Describe the page or screen; inherited by the events that fire on it.
  {
    name: 'page_name',
    scope: 'view',
    type: 'string',
    description: 'Human name of the page, stable across languages.',
    origin: 'dataLayer.page.name',
  },
  {
    name: 'page_type',
    scope: 'view',
    type: 'string',
    description: 'Template the page is built from.',
    validation: enumOf(
      'home',
      'search',
      'category',
      'product',
      'cart',
      'checkout',
      'confirmation',
      'account',
      'wishlist',
    ),
    origin: 'dataLayer.page.type',
  },
  {
    name: 'page_path',
    scope: 'view',
    type: 'string',
    description: 'Path of the URL without query string.',
    validation: { kind: 'regex', pattern: '^/' },
    origin: 'location.pathname',
  },
  {
    name: 'checkout_step',
    scope: 'view',
    type: 'integer',
    description: 'Position of the checkout step, from 1 (shipping) to 4 (review).',
    validation: { kind: 'range', min: 1, max: 4 },
    origin: 'dataLayer.checkout.step',
  },
  {
    name: 'checkout_step_name',
    scope: 'view',
    type: 'string',
    description: 'Name of the checkout step.',
    validation: enumOf('shipping', 'delivery', 'payment', 'review'),
    origin: 'dataLayer.checkout.stepName',
  },
  {
    name: 'product_list_id',
    scope: 'view',
    type: 'string',
    description: 'Identifier of the product list shown (category id or search id).',
    origin: 'dataLayer.list.id',
  },
  {
    name: 'product_list_name',
    scope: 'view',
    type: 'string',
    description: 'Name of the product list shown, e.g. "Running shoes".',
    origin: 'dataLayer.list.name',
  },
  // User traits, sent with identify calls.
  {
    name: 'email',
    scope: 'user',
    type: 'string',
    description: 'Email address the customer signed up with.',
    validation: { kind: 'format', format: 'email' },
    pii: true,
    exposed: false,
  },
  {
    name: 'first_name',
    scope: 'user',
    type: 'string',
    description: 'Given name, as entered at sign-up.',
    pii: true,
    exposed: false,
  },
  {
    name: 'last_name',
    scope: 'user',
    type: 'string',
    description: 'Family name, as entered at sign-up.',
    pii: true,
    exposed: false,
  },
  {
    name: 'phone_number',
    scope: 'user',
    type: 'string',
    description: 'Mobile number in E.164 form, for delivery updates.',
    validation: { kind: 'regex', pattern: '^\\+[1-9]\\d{6,14}$' },
    pii: true,
    exposed: false,
    nullable: true,
  },
  { name: 'signup_date', scope: 'user', type: 'datetime', description: 'When the account was created.' },
  {
    name: 'loyalty_tier',
    scope: 'user',
    type: 'string',
    description: 'Loyalty programme level.',
    validation: enumOf('none', 'silver', 'gold', 'platinum'),
  },
  {
    name: 'marketing_opt_in',
    scope: 'user',
    type: 'boolean',
    description: 'Whether the customer agreed to marketing email.',
  },
  // Event properties.
  {
    name: 'product_id',
    scope: 'event',
    type: 'string',
    description: 'Catalogue identifier of the product.',
    origin: 'dataLayer.product.id',
    tags: ['product'],
  },
  {
    name: 'sku',
    scope: 'event',
    type: 'string',
    description: 'Stock keeping unit of the chosen variant.',
    validation: { kind: 'regex', pattern: '^[A-Z0-9-]{4,32}$' },
    tags: ['product'],
  },
  {
    name: 'product_name',
    scope: 'event',
    type: 'string',
    description: 'Name of the product as shown to the customer.',
    tags: ['product'],
  },
  { name: 'brand', scope: 'event', type: 'string', description: 'Brand of the product.', tags: ['product'] },
  {
    name: 'category',
    scope: 'event',
    type: 'string',
    description: 'Category path of the product, e.g. "Shoes/Running".',
    tags: ['product'],
  },
  {
    name: 'variant',
    scope: 'event',
    type: 'string',
    description: 'Chosen variant, e.g. size or colour.',
    tags: ['product'],
  },
  {
    name: 'price',
    scope: 'event',
    type: 'number',
    description: 'Unit price in the order currency, taxes included.',
    validation: money,
    tags: ['product'],
  },
  {
    name: 'quantity',
    scope: 'event',
    type: 'integer',
    description: 'Number of units.',
    validation: { kind: 'range', min: 1, max: 999 },
    tags: ['product'],
  },
  {
    name: 'position',
    scope: 'event',
    type: 'integer',
    description: 'Position of the product in the list, from 1.',
    validation: { kind: 'range', min: 1 },
  },
  {
    name: 'products',
    scope: 'event',
    type: 'array',
    itemType: 'object',
    description: 'Products of the cart or order, each with product_id, sku, price and quantity.',
  },
  {
    name: 'currency',
    scope: 'event',
    type: 'string',
    description: 'ISO 4217 currency code of every amount in the event.',
    validation: enumOf('EUR', 'USD', 'GBP', 'CHF'),
  },
  {
    name: 'cart_id',
    scope: 'event',
    type: 'string',
    description: 'Identifier of the cart.',
    origin: 'dataLayer.cart.id',
  },
  {
    name: 'order_id',
    scope: 'event',
    type: 'string',
    description: 'Identifier of the order, as shown on the invoice.',
    validation: { kind: 'regex', pattern: '^[0-9]{8,12}$' },
    tags: ['order'],
  },
  {
    name: 'revenue',
    scope: 'event',
    type: 'number',
    description: 'Order total after discounts, taxes and shipping included.',
    validation: money,
    tags: ['order'],
  },
  {
    name: 'shipping',
    scope: 'event',
    type: 'number',
    description: 'Shipping cost of the order.',
    validation: money,
    tags: ['order'],
  },
  {
    name: 'tax',
    scope: 'event',
    type: 'number',
    description: 'Tax included in the order total.',
    validation: money,
    tags: ['order'],
  },
  {
    name: 'discount',
    scope: 'event',
    type: 'number',
    description: 'Total discount applied to the order.',
    validation: money,
    tags: ['order'],
  },
  {
    name: 'coupon',
    scope: 'event',
    type: 'string',
    description: 'Coupon code as the customer typed it, upper-cased.',
    validation: { kind: 'length', minLength: 3, maxLength: 24 },
  },
  {
    name: 'coupon_error',
    scope: 'event',
    type: 'string',
    description: 'Why a coupon was refused.',
    validation: enumOf('expired', 'unknown', 'minimum_not_met', 'not_applicable'),
  },
  {
    name: 'payment_method',
    scope: 'event',
    type: 'string',
    description: 'Payment method chosen.',
    validation: enumOf('card', 'paypal', 'apple_pay', 'google_pay', 'invoice'),
  },
  {
    name: 'shipping_method',
    scope: 'event',
    type: 'string',
    description: 'Delivery option chosen.',
    validation: enumOf('standard', 'express', 'pickup'),
  },
  {
    name: 'search_query',
    scope: 'event',
    type: 'string',
    description: 'What the customer searched for, trimmed.',
    validation: { kind: 'length', minLength: 1, maxLength: 200 },
  },
  {
    name: 'results_count',
    scope: 'event',
    type: 'integer',
    description: 'Number of products found.',
    validation: { kind: 'range', min: 0 },
  },
  {
    name: 'filters',
    scope: 'event',
    type: 'array',
    itemType: 'string',
    description: 'Filters applied to the list, as "facet:value".',
  },
  { name: 'promotion_id', scope: 'event', type: 'string', description: 'Identifier of the promotion banner.' },
  { name: 'promotion_name', scope: 'event', type: 'string', description: 'Name of the promotion, e.g. "Summer sale".' },
  {
    name: 'share_via',
    scope: 'event',
    type: 'string',
    description: 'Channel the product was shared through.',
    validation: enumOf('email', 'whatsapp', 'facebook', 'x', 'copy_link'),
  },
  {
    name: 'rating',
    scope: 'event',
    type: 'integer',
    description: 'Stars given in a review.',
    validation: { kind: 'range', min: 1, max: 5 },
  },
  {
    name: 'signup_method',
    scope: 'event',
    type: 'string',
    description: 'How the account was created.',
    validation: enumOf('email', 'google', 'apple'),
  },
  {
    name: 'newsletter_topic',
    scope: 'event',
    type: 'string',
    description: 'Newsletter the visitor subscribed to.',
    validation: enumOf('deals', 'new_arrivals', 'stories'),
  },
  {
    name: 'refund_reason',
    scope: 'event',
    type: 'string',
    description: 'Reason given for the refund or cancellation.',
    validation: enumOf('damaged', 'wrong_item', 'too_late', 'changed_mind', 'other'),
  },
];

export { EVENTS, VIEWS } from './ecommerce-sample-journey';
