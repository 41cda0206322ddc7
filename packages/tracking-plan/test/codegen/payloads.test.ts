import type { CodegenDestination } from '@tracemap/contracts';
import { eventPart, generateTypeScript } from '../../src/codegen';
import { load, recordingClient, samplePlan } from './support';

/**
 * The generated functions, transpiled and run against a fake destination
 * client: what each SDK call receives.
 */
const plan = samplePlan();
type Track = (properties?: Record<string, unknown>) => void;
type Api = {
  configure: (options: Record<string, unknown>) => void;
  onView: Record<string, (view?: Record<string, unknown>) => Record<string, Track>>;
} & Record<string, Track>;

function generated(destination: CodegenDestination, validation: 'none' | 'dev' = 'none') {
  const { files } = generateTypeScript(plan, { destination, validation });
  const api = load(files, 'tracemap/index') as Api;
  const validators = validation === 'dev' ? load(files, 'tracemap/validators') : undefined;
  return { api, validators };
}

const system = { platform: 'web', app_version: '1.2.3', locale: undefined };
const paymentView = { page_name: 'Payment', page_type: 'checkout', checkout_step: 3, checkout_step_name: 'payment' };
const coupon = { cart_id: 'c-1', coupon: 'SPRING', discount: 5 };
const couponPayload = { platform: 'web', app_version: '1.2.3', ...paymentView, ...coupon };

describe.each(['segment', 'rudderstack'] as const)('%s', (destination) => {
  const { api } = generated(destination);
  const { client, calls } = recordingClient(['track', 'page', 'screen', 'identify', 'group']);
  api.configure({ client, system });

  beforeEach(() => calls.splice(0));

  it('sends an event through a view helper with the system and the view attributes, leaving undefined ones out', () => {
    api.onView.checkoutPayment(paymentView).trackCouponApplied(coupon);
    expect(calls).toEqual([['track', 'Coupon Applied', couponPayload]]);
    expect(Object.keys(calls[0][2] as object)).not.toContain('locale');
  });

  it('sends page events as page calls and identify events as identify calls', () => {
    api.trackPageViewed({ page_name: 'Home', page_type: 'home' });
    api.trackIdentify();
    expect(calls).toEqual([
      ['page', 'Page Viewed', { platform: 'web', app_version: '1.2.3', page_name: 'Home', page_type: 'home' }],
      ['identify', { platform: 'web', app_version: '1.2.3' }],
    ]);
  });

  it('lets the event’s own values win over the system ones', () => {
    api.trackCartViewed({
      platform: 'ios',
      cart_id: 'c',
      currency: 'EUR',
      page_name: 'Cart',
      page_type: 'cart',
      products: [],
    });
    expect(calls[0][2]).toMatchObject({ platform: 'ios', cart_id: 'c' });
  });
});

it('amplitude: every kind goes out as a track call', () => {
  const { api } = generated('amplitude');
  const { client, calls } = recordingClient(['track']);
  api.configure({ client, system });
  api.onView.checkoutPayment(paymentView).trackCouponApplied(coupon);
  api.trackPageViewed({ page_name: 'Home', page_type: 'home' });
  expect(calls).toEqual([
    ['track', 'Coupon Applied', couponPayload],
    ['track', 'Page Viewed', { platform: 'web', app_version: '1.2.3', page_name: 'Home', page_type: 'home' }],
  ]);
});

it('mparticle: custom events as EventType.Other, pages as page views', () => {
  const { api } = generated('mparticle');
  const { client, calls } = recordingClient(['logEvent', 'logPageView']);
  api.configure({ client, system });
  api.onView.checkoutPayment(paymentView).trackCouponApplied(coupon);
  api.trackPageViewed({ page_name: 'Home', page_type: 'home' });
  expect(calls).toEqual([
    ['logEvent', 'Coupon Applied', 8, couponPayload],
    ['logPageView', 'Page Viewed', { platform: 'web', app_version: '1.2.3', page_name: 'Home', page_type: 'home' }],
  ]);
});

it('gtag: snake_case event names, page_view for pages and user properties for identify', () => {
  const { api } = generated('gtag');
  const calls: unknown[][] = [];
  api.configure({ client: (...args: unknown[]) => calls.push(args), system });
  api.onView.checkoutPayment(paymentView).trackCouponApplied(coupon);
  api.trackPageViewed({ page_name: 'Home', page_type: 'home' });
  api.trackIdentify();
  expect(calls).toEqual([
    ['event', 'coupon_applied', couponPayload],
    [
      'event',
      'page_view',
      { page_title: 'page_viewed', platform: 'web', app_version: '1.2.3', page_name: 'Home', page_type: 'home' },
    ],
    ['set', 'user_properties', { platform: 'web', app_version: '1.2.3' }],
  ]);
});

it('refuses to send before configure', () => {
  const { api } = generated('segment');
  expect(() => api.trackSignedOut({ page_name: 'Account', page_type: 'account' })).toThrow(/configure/);
});

describe('validators (validation: dev)', () => {
  const { api, validators } = generated('segment', 'dev');
  const validate = validators!.validate as (event: string, properties: Record<string, unknown>) => string[];
  const { client, calls } = recordingClient(['track', 'page', 'identify', 'group']);

  beforeEach(() => calls.splice(0));

  it('lets a call that fits the plan through', () => {
    api.configure({ client, system, validate });
    api.onView.checkoutPayment(paymentView).trackCouponApplied(coupon);
    expect(calls).toHaveLength(1);
  });

  it('throws on a call that does not fit, by default, and sends nothing', () => {
    api.configure({ client, system, validate });
    expect(() => api.onView.checkoutPayment(paymentView).trackCouponApplied({ ...coupon, coupon: 'X' })).toThrow(
      /coupon is shorter than 3/,
    );
    expect(calls).toEqual([]);
  });

  it('reports missing, unknown, null, mistyped and out-of-range values to onInvalid', () => {
    const reported: unknown[] = [];
    api.configure({
      client,
      system: { ...system, platform: 'fridge' },
      validate,
      onInvalid: (...args: unknown[]) => reported.push(args),
    });
    api.trackCartViewed({
      currency: 'JPY',
      page_name: 'Cart',
      page_type: 'cart',
      products: 'none',
      colour: 'red',
      session_id: null,
    });
    expect(reported).toEqual([
      [
        'Cart Viewed',
        expect.arrayContaining([
          'colour is not an attribute of this event',
          'cart_id is required',
          'currency is not one of ["EUR","USD","GBP","CHF"]: "JPY"',
          'products is not an array',
          'platform is not one of ["web","ios","android"]: "fridge"',
          'session_id may not be null',
        ]),
      ],
    ]);
    expect((reported[0] as [string, string[]])[1]).toHaveLength(6);
    expect(calls).toHaveLength(1);
  });

  it('checks patterns, formats and ranges', () => {
    expect(validate('Order Completed', { order_id: '12' })).toEqual(
      expect.arrayContaining(['order_id does not match ^[0-9]{8,12}$: "12"']),
    );
    expect(validate('Cart Viewed', { referrer: 'not a uri' })).toEqual(
      expect.arrayContaining(['referrer is not uri: "not a uri"']),
    );
    expect(validate('Product Reviewed', { rating: 6 })).toEqual(expect.arrayContaining(['rating is above 5: 6']));
    expect(validate('No Such Event', {})).toEqual(['"No Such Event" is not an event of the tracking plan']);
  });
});

describe('one event’s part', () => {
  const code = generateTypeScript(plan, { destination: 'segment', validation: 'none' });
  const idOf = (name: string) => plan.events.find((e) => e.name === name)!.id;

  it('is its region of events.ts and the view regions whose helpers send it', () => {
    const part = eventPart(code, idOf('Coupon Applied'));
    expect(part.events.map((e) => e.functionName)).toEqual(['trackCouponApplied']);
    expect(part.files.map((f) => f.path)).toEqual(['tracemap/events.ts', 'tracemap/views.ts']);
    const [events, views] = part.files.map((f) => f.content);
    expect(events.startsWith('// #region Coupon Applied\n')).toBe(true);
    expect(events.trimEnd().endsWith('// #endregion')).toBe(true);
    expect(events.match(/#region/g)).toHaveLength(1);
    expect(views.match(/^\/\/ #region .*$/gm)).toEqual(['// #region Cart', '// #region Checkout Payment']);
    expect(code.files.find((f) => f.path === 'tracemap/events.ts')!.content).toContain(events);
  });

  it('is empty for an event the code does not have', () => {
    expect(eventPart(code, '00000000-0000-4000-8000-00000000beef')).toEqual({ files: [], events: [] });
  });
});
