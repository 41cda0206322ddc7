/**
 * Throughput of the profile builder's `add()` on 200,000 generated events
 * shaped like an e-commerce app's (track events with a dozen properties, four
 * of them optional, a nested product list, page views with URLs and sessions),
 * then one drain.
 * Run: npx tsx scripts/bench-profile.ts
 */
import type { ObservedEvent } from '../src/observed-event';
import { createProfileBuilder } from '../src/profile';

const COUNT = 200_000;
let seed = 7;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

const TRACKS = [
  'Product Viewed',
  'Product Added',
  'Cart Viewed',
  'Checkout Started',
  'Order Completed',
  'Products Searched',
];
const PATHS = ['/', '/cart', '/c/shoes', '/p/red-shoe', '/checkout/shipping', '/checkout/payment', '/search'];
const VERSIONS = ['5.1.0', '5.1.1', '5.2.0'];
const PLATFORMS = ['ios', 'android', 'web'];

function generate(i: number): ObservedEvent {
  const session = `user-${Math.floor(i / 20)}`;
  const context = {
    platform: pick(PLATFORMS),
    appVersion: pick(VERSIONS),
    library: 'analytics.js',
    environment: null,
    sessionKey: session,
  };
  const eventTime = Date.UTC(2026, 9, 1) + i * 1000;
  if (i % 5 === 0) {
    const path = pick(PATHS);
    return {
      sourceId: 'bench',
      kind: 'page',
      name: 'Page Viewed',
      properties: { path, page_type: 'product', title: 'Shop', referrer: 'https://example.test/' },
      context: { ...context, url: `https://shop.example.test${path}?utm=1` },
      eventTime,
    };
  }
  const price = random() < 0.1 ? String(Math.round(random() * 10000) / 100) : Math.round(random() * 10000) / 100;
  return {
    sourceId: 'bench',
    kind: 'track',
    name: pick(TRACKS),
    properties: {
      product_id: `P-${Math.floor(random() * 5000)}`,
      sku: `SKU-${Math.floor(random() * 100000)}`,
      name: 'Red shoe',
      category: pick(['shoes', 'shirts', 'bags']),
      price,
      quantity: 1 + Math.floor(random() * 3),
      currency: pick(['EUR', 'USD']),
      coupon: random() < 0.5 ? null : 'SUMMER',
      order_id: `${10_000_000 + i}`,
      session_id: '3f1c1c1e-8a0b-4c0e-9a59-1e4b2c1d0f00',
      email: random() < 0.01 ? 'someone@example.test' : undefined,
      // Optional properties, each sent half of the time: 16 shapes of each event.
      variant: random() < 0.5 ? 'red' : undefined,
      brand: random() < 0.5 ? 'Acme' : undefined,
      discount: random() < 0.5 ? 5 : undefined,
      position: random() < 0.5 ? Math.floor(random() * 20) : undefined,
      products: [
        { product_id: 'P-1', price: 10.5, quantity: 1 },
        { product_id: 'P-2', price: 4, quantity: 2 },
      ],
    },
    context,
    eventTime,
  };
}

const events = Array.from({ length: COUNT }, (_, i) => generate(i));
const builder = createProfileBuilder({ personalNames: ['email'] });
for (let i = 0; i < 20_000; i++) builder.add(events[i]);
builder.drain();

const start = process.hrtime.bigint();
for (const event of events) builder.add(event);
const added = process.hrtime.bigint();
const delta = builder.drain();
const drained = process.hrtime.bigint();

const seconds = Number(added - start) / 1e9;
console.log(
  `add(): ${COUNT} events in ${seconds.toFixed(3)} s = ${Math.round(COUNT / seconds).toLocaleString('en')} events/s`,
);
console.log(
  `drain(): ${(Number(drained - added) / 1e6).toFixed(1)} ms → ${delta.events.length} events, ` +
    `${delta.properties.length} properties, ${delta.transitions.length} transitions, ${delta.examples.length} shapes`,
);
