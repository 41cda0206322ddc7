/** Events of the e-commerce sample; the views they fire on are in ecommerce-sample-views. */
import type { LinkSpec } from './ecommerce-sample-spec';

export { VIEWS } from './ecommerce-sample-views';

interface EventSpec {
  name: string;
  description: string;
  kind?: 'track' | 'page' | 'screen' | 'identify' | 'group';
  category: string;
  trigger: string;
  attributes?: LinkSpec[];
  tags?: string[];
  owners?: string[];
  status?: 'planned' | 'implemented' | 'live' | 'deprecated';
}

const r = (name: string, override?: Record<string, unknown>): LinkSpec => [name, 'required', override];
const o = (name: string): LinkSpec => [name, 'optional'];
const productFields = [
  r('product_id'),
  o('sku'),
  r('product_name'),
  o('brand'),
  o('category'),
  o('variant'),
  r('price'),
  r('currency'),
];
const orderFields = [
  r('order_id'),
  r('revenue'),
  o('shipping'),
  o('tax'),
  o('discount'),
  o('coupon'),
  r('currency'),
  r('products'),
];

export const EVENTS: EventSpec[] = [
  {
    name: 'Page Viewed',
    kind: 'page',
    category: 'Navigation',
    description: 'A page of the shop was displayed.',
    trigger: 'When the page has rendered, once per page view.',
  },
  {
    name: 'Products Searched',
    category: 'Browsing',
    description: 'The visitor ran a product search.',
    trigger: 'On submit of the search box.',
    attributes: [r('search_query'), o('results_count')],
  },
  {
    name: 'Product List Viewed',
    category: 'Browsing',
    description: 'A list of products (category or search results) was shown.',
    trigger: 'When the first products of the list are visible.',
    attributes: [r('products'), o('results_count')],
  },
  {
    name: 'Product List Filtered',
    category: 'Browsing',
    description: 'The visitor filtered or sorted a product list.',
    trigger: 'When the filtered list has loaded.',
    attributes: [r('filters'), o('results_count')],
  },
  {
    name: 'Promotion Viewed',
    category: 'Promotions',
    description: 'A promotion banner came into view.',
    trigger: 'When half of the banner is visible for one second.',
    attributes: [r('promotion_id'), r('promotion_name'), o('position')],
  },
  {
    name: 'Promotion Clicked',
    category: 'Promotions',
    description: 'The visitor clicked a promotion banner.',
    trigger: 'On click of the banner.',
    attributes: [r('promotion_id'), r('promotion_name'), o('position')],
  },
  {
    name: 'Product Clicked',
    category: 'Browsing',
    description: 'The visitor opened a product from a list.',
    trigger: 'On click of a product tile.',
    attributes: [...productFields, r('position')],
  },
  {
    name: 'Product Viewed',
    category: 'Browsing',
    description: 'A product detail page was shown.',
    trigger: 'When the product details have loaded.',
    attributes: productFields,
    tags: ['core'],
  },
  {
    name: 'Product Added',
    category: 'Cart',
    description: 'Units of a product were added to the cart.',
    trigger: 'When the cart service confirms the addition.',
    attributes: [...productFields, r('quantity'), r('cart_id')],
    tags: ['core'],
  },
  {
    name: 'Product Removed',
    category: 'Cart',
    description: 'Units of a product were removed from the cart.',
    trigger: 'When the cart service confirms the removal.',
    attributes: [...productFields, r('quantity'), r('cart_id')],
  },
  {
    name: 'Cart Viewed',
    category: 'Cart',
    description: 'The cart was opened.',
    trigger: 'When the cart page has loaded.',
    attributes: [r('cart_id'), r('products'), r('currency')],
  },
  {
    name: 'Coupon Applied',
    category: 'Cart',
    description: 'A coupon code was accepted.',
    trigger: 'When the pricing service accepts the code.',
    attributes: [r('coupon'), r('cart_id'), o('discount')],
  },
  {
    name: 'Coupon Denied',
    category: 'Cart',
    description: 'A coupon code was refused.',
    trigger: 'When the pricing service refuses the code.',
    attributes: [r('coupon'), r('cart_id'), r('coupon_error')],
  },
  {
    name: 'Coupon Removed',
    category: 'Cart',
    description: 'The customer removed a coupon from the cart.',
    trigger: 'On click of "remove" next to the coupon.',
    attributes: [r('coupon'), r('cart_id')],
  },
  {
    name: 'Checkout Started',
    category: 'Checkout',
    description: 'The customer left the cart for the checkout.',
    trigger: 'On click of "Checkout" in the cart.',
    attributes: [r('cart_id'), r('products'), r('currency'), r('revenue')],
    tags: ['core', 'funnel'],
  },
  {
    name: 'Checkout Step Viewed',
    category: 'Checkout',
    description: 'A checkout step was shown; the step comes from the view.',
    trigger: 'When the step has rendered.',
    attributes: [r('cart_id')],
    tags: ['funnel'],
  },
  {
    name: 'Checkout Step Completed',
    category: 'Checkout',
    description: 'A checkout step was submitted without errors.',
    trigger: 'When the step is validated by the server.',
    attributes: [r('cart_id'), o('shipping_method'), o('payment_method')],
    tags: ['funnel'],
  },
  {
    name: 'Payment Info Entered',
    category: 'Checkout',
    description: 'Payment details were entered and accepted by the payment provider.',
    trigger: 'When the payment provider returns a token.',
    attributes: [r('cart_id'), r('payment_method')],
  },
  {
    name: 'Order Completed',
    category: 'Checkout',
    description: 'An order was placed and paid.',
    trigger: 'When the payment is authorised; sent once per order.',
    attributes: [...orderFields, r('payment_method'), o('shipping_method')],
    tags: ['core', 'funnel', 'revenue'],
    owners: ['Analytics team', 'Finance'],
  },
  {
    name: 'Order Cancelled',
    category: 'Orders',
    description: 'The customer cancelled an order before shipping.',
    trigger: 'When the order service confirms the cancellation.',
    attributes: [r('order_id'), r('revenue'), r('currency'), o('refund_reason')],
    tags: ['revenue'],
  },
  {
    name: 'Order Refunded',
    category: 'Orders',
    description: 'Money was returned for an order, fully or partly.',
    trigger: 'When the refund is issued from the account page.',
    attributes: [r('order_id'), r('revenue'), r('currency'), r('refund_reason')],
    tags: ['revenue'],
  },
  {
    name: 'Wishlist Product Added',
    category: 'Wishlist',
    description: 'A product was saved to the wishlist.',
    trigger: 'On click of the heart icon.',
    attributes: [r('product_id'), r('product_name'), o('price'), o('currency')],
  },
  {
    name: 'Wishlist Product Removed',
    category: 'Wishlist',
    description: 'A product was removed from the wishlist.',
    trigger: 'On click of "remove" in the wishlist.',
    attributes: [r('product_id'), r('product_name')],
  },
  {
    name: 'Product Shared',
    category: 'Engagement',
    description: 'The visitor shared a product.',
    trigger: 'When the share sheet reports success.',
    attributes: [r('product_id'), r('share_via')],
    status: 'implemented',
  },
  {
    name: 'Product Reviewed',
    category: 'Engagement',
    description: 'The customer posted a review.',
    trigger: 'When the review is saved.',
    attributes: [r('product_id'), r('rating')],
    status: 'planned',
  },
  {
    name: 'Signed Up',
    category: 'Account',
    description: 'A customer account was created.',
    trigger: 'When the account service confirms the new account.',
    attributes: [r('signup_method')],
    tags: ['core'],
  },
  {
    name: 'Signed In',
    category: 'Account',
    description: 'The customer signed in.',
    trigger: 'When the session is created.',
    attributes: [r('signup_method')],
  },
  {
    name: 'Signed Out',
    category: 'Account',
    description: 'The customer signed out.',
    trigger: 'On click of "Sign out".',
  },
  {
    name: 'Newsletter Subscribed',
    category: 'Marketing',
    description: 'The visitor subscribed to a newsletter.',
    trigger: 'When the subscription is confirmed.',
    attributes: [r('newsletter_topic')],
  },
  {
    name: 'Identify',
    kind: 'identify',
    category: 'Account',
    description: 'Tells destinations who the customer is; its traits are the user attributes.',
    trigger: 'After sign-up, sign-in and profile changes.',
  },
];
