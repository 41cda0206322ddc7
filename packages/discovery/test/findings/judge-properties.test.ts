import { judge } from '../../src/findings';
import { T0, observed, profileOf } from './plan-fixture';
import { attrs, events, judged, ofType, plan, validOrder, views } from './shop-plan';
import { DAY } from './support/time';

describe('judge: property findings', () => {
  it('unplanned_property: a top-level property the event does not plan, with its presence rate', () => {
    const findings = judged(
      profileOf([
        [observed('Order Completed', { ...validOrder, coupon_code: 'SUMMER', extra: { a: 1 } }), 3],
        [observed('Order Completed', validOrder), 1],
      ]),
    );
    expect(ofType(findings, 'unplanned_property').map((f) => [f.subject.property, f.counts])).toEqual(
      expect.arrayContaining([
        ['coupon_code', { observed: 4, affected: 3, rate: 0.75 }],
        ['extra', { observed: 4, affected: 3, rate: 0.75 }],
      ]),
    );
    expect(ofType(findings, 'unplanned_property')).toHaveLength(2); // extra.a is part of extra
  });

  it('missing_required on the event: a rate of missing events above the threshold', () => {
    const { revenue: _revenue, ...withoutRevenue } = validOrder;
    const findings = judged(
      profileOf([
        [observed('Order Completed', validOrder), 7],
        [observed('Order Completed', withoutRevenue), 3],
      ]),
    );
    expect(ofType(findings, 'missing_required')).toEqual([
      expect.objectContaining({
        severity: 'medium',
        layer: { layer: 'event', id: events.orderCompleted.id, name: 'Order Completed' },
        subject: { event: 'Order Completed', property: 'revenue' },
        counts: { observed: 10, affected: 3, rate: 0.3 },
      }),
    ]);
    const rare = judged(
      profileOf([
        [observed('Order Completed', validOrder), 99],
        [observed('Order Completed', withoutRevenue), 1],
      ]),
    );
    expect(ofType(rare, 'missing_required')).toEqual([]);
  });

  it('missing_required on a view: one finding on the view when most events it requires the property of miss it', () => {
    const findings = judged(
      profileOf([
        [observed('Checkout Started', {}), 4],
        [observed('Checkout Step Viewed', {}), 5],
        [observed('Payment Info Entered', { page_type: 'checkout' }), 6],
      ]),
    );
    expect(ofType(findings, 'missing_required')).toEqual([
      expect.objectContaining({
        severity: 'high',
        layer: { layer: 'view', id: views.checkout.id, name: 'Checkout' },
        subject: { event: '*', property: 'page_type' },
        counts: { observed: 15, affected: 9, rate: 0.6 },
        details: expect.objectContaining({ events: ['Checkout Started', 'Checkout Step Viewed'] }),
      }),
    ]);
    // One of three events missing it is that event's problem, not the view's.
    const one = judged(
      profileOf([
        [observed('Checkout Started', {}), 4],
        [observed('Checkout Step Viewed', { page_type: 'checkout' }), 5],
        [observed('Payment Info Entered', { page_type: 'checkout' }), 6],
      ]),
    );
    expect(ofType(one, 'missing_required').map((f) => [f.layer.layer, f.subject])).toEqual([
      ['event', { event: 'Checkout Started', property: 'page_type' }],
    ]);
  });

  it("page views sent from one view are held to that view's own links, each finding filed on the view", () => {
    const withLinks = {
      ...plan,
      views: plan.views.map((v) =>
        v.id === views.checkout.id
          ? {
              ...v,
              attributes: [
                {
                  attributeId: attrs.pageType.id,
                  presence: 'required' as const,
                  validationOverride: { kind: 'const' as const, const: 'checkout' },
                },
              ],
            }
          : v,
      ),
    };
    const page = (properties: Record<string, unknown>, url: string) =>
      observed('Page Viewed', properties, { kind: 'page', url: `https://shop.test${url}` });
    const profile = profileOf([
      [observed('Checkout', { page_type: 'checkout' }, { kind: 'page', url: 'https://shop.test/checkout/a' }), 4],
      [observed('Checkout', {}, { kind: 'page', url: 'https://shop.test/checkout/a' }), 4],
      [observed('Checkout', { page_type: 'cart' }, { kind: 'page', url: 'https://shop.test/checkout/b' }), 2],
      [observed('Home', {}, { kind: 'page', url: 'https://shop.test/' }), 5],
    ]);
    const findings = judge(profile, withLinks, { now: T0 });
    const onView = { layer: 'view', id: views.checkout.id, name: 'Checkout' };
    expect(ofType(findings, 'missing_required')).toEqual([
      expect.objectContaining({
        layer: onView,
        subject: { event: 'Page Viewed', property: 'page_type' },
        counts: { observed: 10, affected: 4, rate: 0.4 },
      }),
    ]);
    expect(ofType(findings, 'enum_violation')).toEqual([
      expect.objectContaining({
        layer: onView,
        subject: { event: 'Page Viewed', property: 'page_type' },
        counts: { observed: 6, affected: 2, rate: 0.3333 },
        details: expect.objectContaining({ values: ['cart'] }),
      }),
    ]);
    // A generic page event sent from many views cannot be told apart by view: only the page event's own rules apply.
    const mixed = profileOf([
      [page({}, '/checkout/a'), 3],
      [page({}, '/'), 3],
    ]);
    expect(ofType(judge(mixed, withLinks, { now: T0 }), 'missing_required')).toEqual([]);
  });

  it('type_mismatch: every value of a property in a type the plan does not allow', () => {
    const findings = judged(profileOf([[observed('Order Completed', { ...validOrder, quantity: '2' }), 4]]));
    expect(ofType(findings, 'type_mismatch')).toEqual([
      expect.objectContaining({
        severity: 'high',
        subject: { event: 'Order Completed', property: 'quantity' },
        counts: { observed: 4, affected: 4, rate: 1 },
        details: expect.objectContaining({ expectedType: 'integer', observedTypes: { 'numeric-string': 4 } }),
      }),
    ]);
    expect(ofType(findings, 'type_inconsistent')).toEqual([]);
  });

  it('a type or value problem of a view attribute on most events of the view is one finding on the view', () => {
    const findings = judged(
      profileOf([
        [observed('Checkout Started', { page_type: 3 }), 4],
        [observed('Checkout Step Viewed', { page_type: 3 }), 5],
        [observed('Payment Info Entered', { page_type: 'checkout' }), 6],
      ]),
    );
    expect(ofType(findings, 'type_mismatch')).toEqual([
      expect.objectContaining({
        layer: { layer: 'view', id: views.checkout.id, name: 'Checkout' },
        subject: { event: '*', property: 'page_type' },
        counts: { observed: 9, affected: 9, rate: 1 },
        details: expect.objectContaining({
          events: ['Checkout Started', 'Checkout Step Viewed'],
          expectedType: 'string',
        }),
      }),
    ]);
  });

  it('type_inconsistent: a split names the app version, and the platform, that brought the other type', () => {
    const findings = judged(
      profileOf([
        [observed('Order Completed', validOrder, { appVersion: '5.1.0', platform: 'ios' }), 6],
        [observed('Order Completed', validOrder, { appVersion: '5.2.0', platform: 'web', time: T0 + DAY }), 3],
        [
          observed(
            'Order Completed',
            { ...validOrder, revenue: '12.50' },
            {
              appVersion: '5.2.0',
              platform: 'ios',
              time: T0 + DAY,
            },
          ),
          3,
        ],
      ]),
    );
    expect(ofType(findings, 'type_inconsistent')).toEqual([
      expect.objectContaining({
        subject: { event: 'Order Completed', property: 'revenue' },
        counts: { observed: 12, affected: 3, rate: 0.25 },
        firstSeen: new Date(T0 + DAY).toISOString(),
        details: expect.objectContaining({
          expectedType: 'number',
          observedTypes: { number: 9, 'numeric-string': 3 },
          appVersion: '5.2.0',
          previousAppVersion: '5.1.0',
          platform: 'ios',
        }),
      }),
    ]);
    expect(ofType(findings, 'type_mismatch')).toEqual([]);
  });

  it("type_inconsistent from GA4's value fields: text and number split, int and double do not", () => {
    const ga4 = (value: unknown, field: 'string_value' | 'int_value' | 'double_value') => ({
      ...observed('Order Completed', { ...validOrder, value }),
      nativeTypes: { value: field },
    });
    const split = judged(
      profileOf([
        [ga4(5, 'int_value'), 4],
        [ga4('5', 'string_value'), 2],
      ]),
    );
    expect(ofType(split, 'type_inconsistent').map((f) => [f.subject.property, f.details.observedTypes])).toEqual([
      ['value', { integer: 4, 'numeric-string': 2 }],
    ]);
    const numbers = judged(
      profileOf([
        [ga4(5, 'int_value'), 4],
        [ga4(5.5, 'double_value'), 2],
      ]),
    );
    expect(ofType(numbers, 'type_inconsistent')).toEqual([]);
  });

  it('type_inconsistent on an unplanned property: the type the earliest version sent is the expected one', () => {
    const findings = judged(
      profileOf([
        [observed('Order Completed', { ...validOrder, items: 3 }, { appVersion: '2.10.0' }), 5],
        [observed('Order Completed', { ...validOrder, items: '3' }, { appVersion: '2.9.1' }), 5],
      ]),
    );
    expect(ofType(findings, 'type_inconsistent')[0]).toMatchObject({
      subject: { property: 'items' },
      details: { appVersion: '2.10.0', previousAppVersion: '2.9.1' },
    });
  });

  it('enum_violation: values outside the enum, named (never personal ones) with their share', () => {
    const findings = judged(
      profileOf([
        [observed('Order Completed', validOrder), 8],
        [observed('Order Completed', { ...validOrder, currency: 'BTC' }), 2],
      ]),
    );
    expect(ofType(findings, 'enum_violation')).toEqual([
      expect.objectContaining({
        subject: { event: 'Order Completed', property: 'currency' },
        counts: { observed: 10, affected: 2, rate: 0.2 },
        details: expect.objectContaining({ values: ['BTC'] }),
      }),
    ]);
  });

  it('pattern_violation: values that do not match the regex, run on the linear-time engine', () => {
    const findings = judged(
      profileOf([
        [observed('Order Completed', validOrder), 9],
        [observed('Order Completed', { ...validOrder, order_id: 'TEST-ORDER' }), 1],
      ]),
    );
    expect(ofType(findings, 'pattern_violation')).toEqual([
      expect.objectContaining({
        subject: { event: 'Order Completed', property: 'order_id' },
        counts: { observed: 10, affected: 1, rate: 0.1 },
        details: expect.objectContaining({ values: ['TEST-ORDER'] }),
      }),
    ]);
  });

  it('pattern_violation on a high-cardinality property: judged from the outlines of its values', () => {
    const traffic: Array<[ReturnType<typeof observed>, number]> = [];
    for (let i = 0; i < 3000; i++)
      traffic.push([observed('Order Completed', { ...validOrder, order_id: `${10_000_000 + i}` }), 1]);
    for (let i = 0; i < 600; i++) traffic.push([observed('Order Completed', { ...validOrder, order_id: `T-${i}` }), 1]);
    const [violation] = ofType(judged(profileOf(traffic)), 'pattern_violation');
    expect(violation.counts.observed).toBe(3600);
    // 600 of 3600 break the pattern; the outlines give the share within a few points.
    expect(violation.counts.rate).toBeGreaterThan(0.12);
    expect(violation.counts.rate).toBeLessThan(0.22);
  });

  it('pattern_violation for a format: strings not in the format the plan names', () => {
    const findings = judged(
      profileOf([
        [observed('Order Completed', { ...validOrder, referrer: 'https://a.test/' }), 3],
        [observed('Order Completed', { ...validOrder, referrer: 'a.test' }), 1],
      ]),
    );
    expect(ofType(findings, 'pattern_violation')).toEqual([
      expect.objectContaining({
        subject: { event: 'Order Completed', property: 'referrer' },
        counts: { observed: 4, affected: 1, rate: 0.25 },
      }),
    ]);
  });

  it('pii_suspect: personal-looking values in a property the plan does not mark personal', () => {
    const findings = judged(
      profileOf([
        [observed('Products Searched', { search_query: 'shoes' }), 18],
        [observed('Products Searched', { search_query: 'jane@example.test' }), 1],
        [observed('Products Searched', { search_query: '+49 170 1234567' }), 1],
        [observed('Identify', {}, { kind: 'identify' }), 1],
        [observed('Chat Opened', { email: 'x@example.test' }), 1],
      ]),
    );
    expect(ofType(findings, 'pii_suspect').map((f) => [f.subject, f.counts])).toEqual([
      [
        { event: 'Products Searched', property: 'search_query' },
        { observed: 20, affected: 2, rate: 0.1 },
      ],
    ]);
    expect(JSON.stringify(findings)).not.toMatch(/jane|1234567/);
  });
});
