/** Views of the e-commerce sample and the events they fire. */
import type { LinkSpec } from './ecommerce-sample-spec';

interface ViewSpec {
  name: string;
  description: string;
  type?: 'page' | 'screen' | 'modal';
  urlPattern: string;
  attributes: LinkSpec[];
  events: Array<[event: string, trigger: string]>;
  tags?: string[];
}

const r = (name: string, override?: Record<string, unknown>): LinkSpec => [name, 'required', override];
const o = (name: string): LinkSpec => [name, 'optional'];

const page = (type: string): LinkSpec[] => [
  r('page_name'),
  r('page_type', { kind: 'const', const: type }),
  o('page_path'),
];
const step = (n: number, name: string): LinkSpec[] => [
  ...page('checkout'),
  r('checkout_step', { kind: 'const', const: n }),
  r('checkout_step_name', { kind: 'const', const: name }),
];
const onLoad: [string, string] = ['Page Viewed', 'On load.'];
const checkoutStep = (extra: Array<[string, string]>): Array<[string, string]> => [
  onLoad,
  ['Checkout Step Viewed', 'On load of the step.'],
  ['Checkout Step Completed', 'On click of "Continue".'],
  ...extra,
];

export const VIEWS: ViewSpec[] = [
  {
    name: 'Home',
    urlPattern: '/',
    description: 'Landing page with promotions and bestsellers.',
    attributes: page('home'),
    events: [
      onLoad,
      ['Promotion Viewed', 'Hero banner in view.'],
      ['Promotion Clicked', 'Click on the hero banner.'],
      ['Product Clicked', 'Click on a bestseller.'],
      ['Products Searched', 'Search box in the header.'],
      ['Newsletter Subscribed', 'Footer sign-up form.'],
    ],
  },
  {
    name: 'Search Results',
    urlPattern: '/search',
    description: 'Products matching a search.',
    attributes: [...page('search'), r('product_list_id'), o('product_list_name')],
    events: [
      onLoad,
      ['Products Searched', 'Refined search.'],
      ['Product List Viewed', 'Results shown.'],
      ['Product List Filtered', 'Filter sidebar.'],
      ['Product Clicked', 'Click on a result.'],
      ['Product Added', 'Quick add button.'],
    ],
  },
  {
    name: 'Category',
    urlPattern: '/c/:slug',
    description: 'Products of one category.',
    attributes: [...page('category'), r('product_list_id'), r('product_list_name')],
    events: [
      onLoad,
      ['Product List Viewed', 'Products shown.'],
      ['Product List Filtered', 'Filter sidebar.'],
      ['Product Clicked', 'Click on a tile.'],
      ['Product Added', 'Quick add button.'],
      ['Promotion Viewed', 'Category banner in view.'],
      ['Promotion Clicked', 'Click on the category banner.'],
    ],
  },
  {
    name: 'Product Detail',
    urlPattern: '/p/:slug',
    description: 'One product with its variants, price and reviews.',
    attributes: page('product'),
    events: [
      onLoad,
      ['Product Viewed', 'Details loaded.'],
      ['Product Added', '"Add to cart" button.'],
      ['Wishlist Product Added', 'Heart icon.'],
      ['Product Shared', 'Share button.'],
      ['Product Reviewed', 'Review form.'],
    ],
  },
  {
    name: 'Cart',
    urlPattern: '/cart',
    description: 'Cart with quantities, coupon field and totals.',
    attributes: page('cart'),
    events: [
      onLoad,
      ['Cart Viewed', 'On load.'],
      ['Product Added', 'Quantity increased.'],
      ['Product Removed', 'Quantity decreased or item removed.'],
      ['Coupon Applied', 'Coupon field.'],
      ['Coupon Denied', 'Coupon field.'],
      ['Coupon Removed', 'Remove link.'],
      ['Checkout Started', '"Checkout" button.'],
    ],
  },
  {
    name: 'Checkout Shipping',
    urlPattern: '/checkout/shipping',
    description: 'Step 1: shipping address.',
    attributes: step(1, 'shipping'),
    events: checkoutStep([]),
    tags: ['checkout'],
  },
  {
    name: 'Checkout Delivery',
    urlPattern: '/checkout/delivery',
    description: 'Step 2: delivery option.',
    attributes: step(2, 'delivery'),
    events: checkoutStep([]),
    tags: ['checkout'],
  },
  {
    name: 'Checkout Payment',
    urlPattern: '/checkout/payment',
    description: 'Step 3: payment method and coupon.',
    attributes: step(3, 'payment'),
    events: checkoutStep([
      ['Payment Info Entered', 'Payment form.'],
      ['Coupon Applied', 'Coupon field.'],
      ['Coupon Denied', 'Coupon field.'],
    ]),
    tags: ['checkout'],
  },
  {
    name: 'Checkout Review',
    urlPattern: '/checkout/review',
    description: 'Step 4: review and place the order.',
    attributes: step(4, 'review'),
    events: checkoutStep([['Order Completed', '"Place order" succeeded.']]),
    tags: ['checkout'],
  },
  {
    name: 'Order Confirmation',
    urlPattern: '/checkout/confirmation/:orderId',
    description: 'Thank-you page with the order summary.',
    attributes: page('confirmation'),
    events: [onLoad, ['Signed Up', 'Guest creates an account from the order.']],
  },
  {
    name: 'Sign Up',
    urlPattern: '/signup',
    type: 'modal',
    description: 'Account creation dialog.',
    attributes: page('account'),
    events: [onLoad, ['Signed Up', 'Form submitted.'], ['Newsletter Subscribed', 'Opt-in box checked.']],
  },
  {
    name: 'Sign In',
    urlPattern: '/signin',
    type: 'modal',
    description: 'Sign-in dialog.',
    attributes: page('account'),
    events: [onLoad, ['Signed In', 'Form submitted.']],
  },
  {
    name: 'Account',
    urlPattern: '/account',
    description: 'Orders, returns and profile of the signed-in customer.',
    attributes: page('account'),
    events: [
      onLoad,
      ['Signed Out', 'Sign-out link.'],
      ['Order Cancelled', 'Cancel button on an order.'],
      ['Order Refunded', 'Return form.'],
    ],
  },
  {
    name: 'Wishlist',
    urlPattern: '/wishlist',
    description: 'Products the customer saved.',
    attributes: page('wishlist'),
    events: [
      onLoad,
      ['Wishlist Product Removed', 'Remove link.'],
      ['Product Added', '"Add to cart" from the wishlist.'],
    ],
  },
];
