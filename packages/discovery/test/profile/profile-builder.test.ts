import type { ObservedEvent } from '../../src/observed-event';
import { createProfileBuilder, mergeProfiles, type Profile, type ProfileProperty } from '../../src/profile';
import { SAMPLE_ONE_IN, VALUES_IN_FULL } from '../../src/profile/profile-builder';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 15, 10);

function track(name: string, properties: Record<string, unknown>, extra: Partial<ObservedEvent> = {}): ObservedEvent {
  return {
    sourceId: 'web',
    kind: 'track',
    name,
    properties,
    context: { platform: 'web', appVersion: '1.0.0', library: 'analytics.js', environment: null },
    eventTime: T0,
    ...extra,
  };
}

function page(url: string, session: string, time: number): ObservedEvent {
  return {
    sourceId: 'web',
    kind: 'page',
    name: 'Page Viewed',
    properties: {},
    context: { platform: 'web', appVersion: '1.0.0', library: null, environment: null, url, sessionKey: session },
    eventTime: time,
  };
}

const property = (profile: Profile, event: string, path: string): ProfileProperty => {
  const found = profile.properties.find((p) => p.event === event && p.path === path);
  if (!found) throw new Error(`no property ${event} ${path}`);
  return found;
};

describe('profile builder', () => {
  it('counts events with first and last seen, and per day, app version and platform', () => {
    const builder = createProfileBuilder();
    builder.add(track('Order Completed', {}, { eventTime: T0 }));
    builder.add(track('Order Completed', {}, { eventTime: T0 + DAY }));
    builder.add(
      track(
        'Order Completed',
        {},
        {
          eventTime: T0 + DAY,
          context: { platform: 'ios', appVersion: '2.0.0', library: null, environment: null },
        },
      ),
    );
    expect(builder.pending).toBe(3);
    const delta = builder.drain();
    expect(builder.pending).toBe(0);
    expect(delta.events).toEqual([
      {
        sourceId: 'web',
        name: 'Order Completed',
        kind: 'track',
        total: 3,
        firstSeen: T0,
        lastSeen: T0 + DAY,
        daily: [
          { day: '2026-01-15', appVersion: '1.0.0', platform: 'web', count: 1 },
          { day: '2026-01-16', appVersion: '1.0.0', platform: 'web', count: 1 },
          { day: '2026-01-16', appVersion: '2.0.0', platform: 'ios', count: 1 },
        ],
        views: [],
        truncated: 0,
      },
    ]);
  });

  it('flattens nested objects with dots and array items as path[], counting types and presence per event', () => {
    const builder = createProfileBuilder();
    builder.add(
      track('Order Completed', {
        revenue: 10.5,
        quantity: 2,
        placed_at: '2026-01-15T10:00:00Z',
        order_ref: 'ab12cd34-0000-4000-8000-000000000001',
        site: 'https://shop.test/',
        count_text: '42',
        address: { city: 'Berlin', zip: null },
        products: [
          { sku: 'A-1', price: 1 },
          { sku: 'B-2', price: 2.5 },
        ],
        gift: false,
      }),
    );
    builder.add(track('Order Completed', { revenue: 3, products: [] }));
    const delta = builder.drain();
    const paths = delta.properties.map((p) => p.path);
    expect(paths).toEqual([
      'address',
      'address.city',
      'address.zip',
      'count_text',
      'gift',
      'order_ref',
      'placed_at',
      'products',
      'products[]',
      'products[].price',
      'products[].sku',
      'quantity',
      'revenue',
      'site',
    ]);
    expect(property(delta, 'Order Completed', 'revenue')).toMatchObject({
      present: 2,
      types: { number: 1, integer: 1 },
    });
    expect(property(delta, 'Order Completed', 'products')).toMatchObject({ present: 2, types: { array: 2 } });
    expect(property(delta, 'Order Completed', 'products[]')).toMatchObject({ present: 1, types: { object: 1 } });
    // Two items with different number types in one event: one event under each type.
    expect(property(delta, 'Order Completed', 'products[].price')).toMatchObject({
      present: 1,
      types: { integer: 1, number: 1 },
    });
    expect(property(delta, 'Order Completed', 'placed_at').types).toEqual({ datetime: 1 });
    expect(property(delta, 'Order Completed', 'order_ref').types).toEqual({ uuid: 1 });
    expect(property(delta, 'Order Completed', 'site').types).toEqual({ url: 1 });
    expect(property(delta, 'Order Completed', 'count_text').types).toEqual({ 'numeric-string': 1 });
    expect(property(delta, 'Order Completed', 'address.zip').types).toEqual({ null: 1 });
    expect(property(delta, 'Order Completed', 'gift').types).toEqual({ boolean: 1 });
  });

  it('keeps type counts per app version and platform, so a split names the version that brought it', () => {
    const builder = createProfileBuilder();
    const ctx = (appVersion: string) => ({ platform: 'ios', appVersion, library: null, environment: null });
    for (let i = 0; i < 5; i++) builder.add(track('Product Added', { price: 10 }, { context: ctx('5.1.0') }));
    for (let i = 0; i < 3; i++)
      builder.add(track('Product Added', { price: '10' }, { context: ctx('5.2.0'), eventTime: T0 + DAY }));
    const price = property(builder.drain(), 'Product Added', 'price');
    expect(price.types).toEqual({ integer: 5, 'numeric-string': 3 });
    expect(price.versions).toEqual([
      { appVersion: '5.1.0', platform: 'ios', types: { integer: 5 }, firstSeen: T0, lastSeen: T0 },
      { appVersion: '5.2.0', platform: 'ios', types: { 'numeric-string': 3 }, firstSeen: T0 + DAY, lastSeen: T0 + DAY },
    ]);
  });

  it('keeps at most 20 top values, never personal-looking ones, and counts those instead', () => {
    const builder = createProfileBuilder({ personalNames: ['first_name'] });
    for (let i = 0; i < 30; i++) builder.add(track('Signed Up', { method: 'email', code: `c${i}` }));
    builder.add(track('Signed Up', { method: 'google', contact: 'jane.doe@example.test', first_name: 'Jane' }));
    builder.add(track('Signed Up', { contact: '+49 151 2345678' }));
    builder.add(track('Signed Up', { contact: 'later' }));
    const delta = builder.drain();
    expect(property(delta, 'Signed Up', 'method').topValues).toEqual([
      { value: 'email', count: 30 },
      { value: 'google', count: 1 },
    ]);
    expect(property(delta, 'Signed Up', 'code').topValues).toHaveLength(20);
    const contact = property(delta, 'Signed Up', 'contact');
    expect(contact.personal).toBe(2);
    expect(contact.topValues).toEqual([{ value: 'later', count: 1 }]);
    // Marked personal by the plan: neither kept nor counted as a suspect.
    expect(property(delta, 'Signed Up', 'first_name')).toMatchObject({ topValues: [], personal: 0, present: 1 });
    expect(JSON.stringify(delta)).not.toMatch(/jane|2345678/i);
  });

  it('marks a property with many distinct values as high-cardinality and outlines its values instead', () => {
    const builder = createProfileBuilder();
    for (let i = 0; i < 2000; i++) builder.add(track('Order Completed', { order_id: String(10_000_000 + i) }));
    for (let i = 0; i < 400; i++) builder.add(track('Order Completed', { order_id: `ORD-${1000 + i}` }));
    const orderId = property(builder.drain(), 'Order Completed', 'order_id');
    expect(orderId.highCardinality).toBe(true);
    // The first 500 values one by one, the other 1,900 estimated from a sample of them.
    expect(Math.abs(orderId.sketched - 2400)).toBeLessThan(250);
    expect(orderId.topValues.length).toBeLessThanOrEqual(20);
    const masks = Object.fromEntries(orderId.masks.map((m) => [m.mask, m.count]));
    expect(Object.keys(masks).sort()).toEqual(['99999999', 'AAA-9999']);
    expect(masks['AAA-9999'] / orderId.masked).toBeCloseTo(400 / (2400 - 400), 1);
    expect(orderId.masks.find((m) => m.mask === 'AAA-9999')?.example).toMatch(/^ORD-\d{4}$/);
  });

  it('samples value details after the first values of a path, while presence, types and personal values stay exact', () => {
    const n = VALUES_IN_FULL + 20 * SAMPLE_ONE_IN * 100;
    const profiled = () => {
      const builder = createProfileBuilder();
      for (let i = 0; i < n; i++) {
        // Every 10th value breaks the enum, and two late values look personal: a step in time with no sample.
        const method = i % 10 === 9 ? 'carrier-pigeon' : ['card', 'paypal'][i % 2];
        const contact = i === n - 7 || i === n - 3 ? `late${i}@example.test` : 'none';
        builder.add(track('Payment Info Entered', { method, contact, amount: i }));
      }
      return builder.drain();
    };
    const delta = profiled();
    const method = property(delta, 'Payment Info Entered', 'method');
    expect(method.present).toBe(n);
    expect(method.types).toEqual({ string: n });
    // Counts a sampled value stands for add up to what the sketch says it was offered: nothing is made up.
    expect(method.topValues.reduce((total, v) => total + v.count, 0)).toBe(method.sketched);
    const pigeons = method.topValues.find((v) => v.value === 'carrier-pigeon')!.count;
    expect(Math.abs(pigeons / method.sketched - 0.1)).toBeLessThan(0.02);
    expect(Math.abs(method.sketched - n) / n).toBeLessThan(0.05);
    const contact = property(delta, 'Payment Info Entered', 'contact');
    expect(contact.personal).toBe(2);
    expect(contact.topValues).toEqual([{ value: 'none', count: contact.sketched }]);
    // The sample is not random from run to run: the same traffic gives the same profile.
    expect(profiled()).toEqual(delta);
  });

  it('keeps at most three redacted examples per event shape and counts every event of the shape', () => {
    const builder = createProfileBuilder();
    const methods = ['card', 'paypal', 'invoice', 'card'];
    for (let i = 0; i < 8; i++)
      builder.add(
        track('Payment Info Entered', {
          payment_method: methods[i % 4],
          amount: 10 + i,
          email: `user${i}@example.test`,
          note: `order ${i}`,
        }),
      );
    // Same paths and types in another order: the same shape.
    builder.add(track('Payment Info Entered', { note: 'x1', email: 'a@b.test', amount: 1, payment_method: 'card' }));
    const { examples } = builder.drain();
    expect(examples).toHaveLength(1);
    expect(examples[0]).toMatchObject({
      event: 'Payment Info Entered',
      count: 9,
      paths: ['amount:integer', 'email:email', 'note:string', 'payment_method:string'],
    });
    expect(examples[0].shape).toMatch(/^[0-9a-f]{28}$/);
    expect(examples[0].examples).toEqual([
      { payment_method: 'card', amount: '<integer>', email: '<email>', note: '<string>' },
      { payment_method: 'paypal', amount: '<integer>', email: '<email>', note: '<string>' },
      { payment_method: 'invoice', amount: '<integer>', email: '<email>', note: '<string>' },
    ]);
  });

  it('counts view-to-view transitions per session, the first view of a session coming from null', () => {
    const builder = createProfileBuilder();
    builder.add(page('https://shop.test/', 's1', T0));
    builder.add(page('https://shop.test/p/red-shoe?ref=x', 's1', T0 + 1));
    builder.add(page('https://shop.test/orders/12345678', 's1', T0 + 2));
    builder.add(page('https://shop.test/', 's2', T0 + 3));
    builder.add(page('https://shop.test/p/red-shoe', 's2', T0 + 4));
    builder.add(page('https://shop.test/p/red-shoe', 's2', T0 + 5)); // a reload is no transition
    const delta = builder.drain();
    const transitions = delta.transitions.map((t) => [t.from, t.to, t.count]);
    expect(transitions).toEqual(
      expect.arrayContaining([
        [null, '/', 2],
        ['/', '/p/red-shoe', 2],
        ['/p/red-shoe', '/orders/:id', 1],
      ]),
    );
    expect(transitions).toHaveLength(3);
    expect(delta.events[0].views).toEqual([
      { view: '/p/red-shoe', count: 3 },
      { view: '/', count: 2 },
      { view: '/orders/:id', count: 1 },
    ]);
    // Sessions outlive a drain: the next view of s1 continues from its last one.
    builder.add(page('https://shop.test/cart', 's1', T0 + 6));
    expect(builder.drain().transitions.map((t) => [t.from, t.to])).toEqual([['/orders/:id', '/cart']]);
  });

  it('counts GA4 value fields and treats __proto__ and constructor keys as plain data', () => {
    const builder = createProfileBuilder();
    const properties = JSON.parse('{"value": 5, "__proto__": {"polluted": true}, "constructor": "x"}') as Record<
      string,
      unknown
    >;
    builder.add({ ...track('purchase', properties), nativeTypes: { value: 'int_value' } });
    builder.add({ ...track('purchase', { value: '5' }), nativeTypes: { value: 'string_value' } });
    const delta = builder.drain();
    expect(property(delta, 'purchase', 'value')).toMatchObject({
      native: { int_value: 1, string_value: 1 },
      types: { integer: 1, 'numeric-string': 1 },
    });
    expect(property(delta, 'purchase', '__proto__.polluted').types).toEqual({ boolean: 1 });
    expect(property(delta, 'purchase', 'constructor').types).toEqual({ string: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('walks at most 10 levels, 500 paths and 50 array items, and counts the event as truncated', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 30; i++) deep = { nested: deep };
    const wide = Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`p${i}`, i]));
    const builder = createProfileBuilder();
    builder.add(track('Deep', deep));
    builder.add(track('Wide', wide));
    builder.add(track('Long', { items: Array.from({ length: 10_000 }, (_, i) => (i < 60 ? i : 'text')) }));
    builder.add({ ...track('Capped', { a: 1 }), truncatedProperties: 12 });
    const delta = builder.drain();
    const truncated = Object.fromEntries(delta.events.map((e) => [e.name, e.truncated]));
    expect(truncated).toEqual({ Deep: 1, Wide: 1, Long: 0, Capped: 1 });
    expect(Math.max(...delta.properties.filter((p) => p.event === 'Deep').map((p) => p.path.split('.').length))).toBe(
      10,
    );
    expect(delta.properties.filter((p) => p.event === 'Wide')).toHaveLength(500);
    // Only the first 50 items are looked at: the strings after the 60th are never seen.
    expect(property(delta, 'Long', 'items[]').types).toEqual({ integer: 1 });
  });

  it('forgets the least recently active sessions beyond its limit', () => {
    const builder = createProfileBuilder({ maxSessions: 2 });
    builder.add(page('https://shop.test/', 'a', T0));
    builder.add(page('https://shop.test/', 'b', T0 + 1));
    builder.add(page('https://shop.test/', 'c', T0 + 2)); // a is forgotten
    builder.drain();
    builder.add(page('https://shop.test/cart', 'a', T0 + 3));
    builder.add(page('https://shop.test/cart', 'c', T0 + 4));
    expect(builder.drain().transitions.map((t) => [t.from, t.to, t.count])).toEqual(
      expect.arrayContaining([
        [null, '/cart', 1],
        ['/', '/cart', 1],
      ]),
    );
  });

  it('profiles the traits of identify calls', () => {
    const builder = createProfileBuilder();
    builder.add({ ...track('identify', {}), kind: 'identify', traits: { loyalty_tier: 'gold' } });
    expect(property(builder.drain(), 'identify', 'loyalty_tier').topValues).toEqual([{ value: 'gold', count: 1 }]);
  });

  it('gives plain JSON data, and two drains merged equal one drain of the same events', () => {
    const events: ObservedEvent[] = [];
    for (let i = 0; i < 60; i++) {
      events.push(
        track(
          i % 3 ? 'Product Added' : 'Product Viewed',
          { price: i % 5 ? 10 : '10', tier: ['a', 'b'][i % 2] },
          {
            eventTime: T0 + i * 3_600_000,
          },
        ),
      );
      events.push(page(`https://shop.test/${['', 'cart', 'c/shoes'][i % 3]}`, `s${i % 4}`, T0 + i));
    }
    const once = createProfileBuilder();
    for (const event of events) once.add(event);
    const whole = once.drain();
    const twice = createProfileBuilder();
    for (const event of events.slice(0, 47)) twice.add(event);
    const first = twice.drain();
    for (const event of events.slice(47)) twice.add(event);
    const merged = mergeProfiles(first, twice.drain());
    const canonical = (profile: Profile) =>
      mergeProfiles(profile, { events: [], properties: [], transitions: [], examples: [] });
    expect(canonical(merged)).toEqual(canonical(whole));
    expect(JSON.parse(JSON.stringify(whole))).toEqual(whole);
  });

  it('forgets names beyond its bound after a drain, idle ones first, and a forgotten name still adds up', () => {
    const names = ['A', 'B', 'C', 'D', 'E'];
    const events = (from: number, to: number, only?: string[]) =>
      names
        .filter((name) => !only || only.includes(name))
        .flatMap((name) =>
          Array.from({ length: to - from }, (_, i) =>
            track(name, { n: from + i, tier: ['gold', 'silver'][i % 2] }, { eventTime: T0 + (from + i) * 1000 }),
          ),
        );
    const bounded = createProfileBuilder({ maxHeldNames: 2 });
    for (const event of events(0, 4)) bounded.add(event);
    expect(bounded.heldNames).toBe(5);
    const first = bounded.drain();
    expect(bounded.heldNames).toBe(2);
    for (const event of events(4, 9, ['A', 'E'])) bounded.add(event);
    const second = bounded.drain();
    expect(bounded.heldNames).toBe(2);

    const unbounded = createProfileBuilder();
    for (const event of [...events(0, 4), ...events(4, 9, ['A', 'E'])]) unbounded.add(event);
    const whole = unbounded.drain();
    expect(unbounded.heldNames).toBe(5);
    const merged = mergeProfiles(first, second);
    const canonical = (profile: Profile) =>
      mergeProfiles(profile, { events: [], properties: [], transitions: [], examples: [] });
    expect(canonical(merged).events).toEqual(canonical(whole).events);
    expect(canonical(merged).properties).toEqual(canonical(whole).properties);
    const counts = (profile: Profile) => canonical(profile).examples.map((e) => [e.event, e.shape, e.count]);
    expect(counts(merged)).toEqual(counts(whole));
  });
});
