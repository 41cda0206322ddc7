import { adaptRecord, detectFormat } from '../../src';

const segmentTrack = {
  type: 'track',
  event: 'Order Completed',
  properties: { order_id: '12345678', revenue: 42.5 },
  anonymousId: 'anon-1',
  messageId: 'm-1',
  timestamp: '2024-01-15T10:30:00.000Z',
  context: {
    app: { version: '5.2.0' },
    library: { name: 'analytics-ios', version: '4.1.0' },
    os: { name: 'iOS' },
  },
};
const segmentPage = {
  type: 'page',
  name: 'Cart',
  properties: { path: '/cart' },
  userId: 'u-1',
  timestamp: '2024-01-15T10:31:00.000Z',
  context: { library: { name: 'analytics.js' }, page: { path: '/cart', url: 'https://shop.example/cart' } },
};
const rudderScreen = {
  type: 'screen',
  name: 'Product Detail',
  properties: { product_id: 'p-1' },
  anonymousId: 'anon-2',
  rudderId: 'r-1',
  channel: 'mobile',
  originalTimestamp: '2024-01-15T10:32:00.000Z',
  context: { library: { name: 'com.rudderstack.android.sdk.core' }, os: { name: 'Android' }, sessionId: 1705314000 },
};
const identify = {
  type: 'identify',
  userId: 'u-1',
  traits: { loyalty_tier: 'gold' },
  timestamp: '2024-01-15T10:33:00.000Z',
};

describe('Segment and RudderStack messages', () => {
  it('tells Segment from RudderStack, alone or in a batch', () => {
    expect(detectFormat(segmentTrack)).toBe('segment');
    expect(detectFormat({ batch: [segmentTrack] })).toBe('segment');
    expect(detectFormat(rudderScreen)).toBe('rudderstack');
    expect(
      detectFormat({ batch: [{ ...segmentTrack, context: { library: { name: 'RudderLabs JavaScript SDK' } } }] }),
    ).toBe('rudderstack');
  });

  it('reads a track call with its app version, library and OS as platform', () => {
    const { events, error } = adaptRecord('segment', segmentTrack, 'seg');
    expect(error).toBeUndefined();
    expect(events[0]).toMatchObject({
      kind: 'track',
      name: 'Order Completed',
      eventTime: Date.UTC(2024, 0, 15, 10, 30),
      context: { appVersion: '5.2.0', library: 'analytics-ios', platform: 'iOS', sessionKey: 'anon-1' },
    });
    expect({ ...events[0]!.properties }).toEqual({ order_id: '12345678', revenue: 42.5 });
  });

  it('names pages and screens by their name and keeps the page URL', () => {
    const page = adaptRecord('segment', segmentPage, 'seg').events[0]!;
    expect(page).toMatchObject({ kind: 'page', name: 'Cart', context: { url: 'https://shop.example/cart' } });
    const screen = adaptRecord('rudderstack', rudderScreen, 'rs').events[0]!;
    expect(screen).toMatchObject({
      kind: 'screen',
      name: 'Product Detail',
      eventTime: Date.UTC(2024, 0, 15, 10, 32),
      context: { screenName: 'Product Detail', platform: 'Android', sessionKey: 'anon-2:1705314000' },
    });
  });

  it('reads a RudderStack batch line as its SDK sends it', () => {
    const line =
      '{"batch":[{"type":"track","event":"Product Added","properties":{"product_id":"p-1","price":"19.90"},"anonymousId":"anon-3","rudderId":"r-3","channel":"web","messageId":"m-3","originalTimestamp":"2024-01-15T10:34:00.000Z","context":{"app":{"version":"5.2.0"},"library":{"name":"RudderLabs JavaScript SDK","version":"3.7.0"},"os":{"name":"web"},"page":{"path":"/cart","url":"https://shop.example/cart"},"sessionId":1705314000000}},{"type":"page","name":"Cart","properties":{},"anonymousId":"anon-3","channel":"web","originalTimestamp":"2024-01-15T10:34:01.000Z","context":{"library":{"name":"RudderLabs JavaScript SDK"},"page":{"path":"/cart","url":"https://shop.example/cart"},"sessionId":1705314000000}}]}';
    const record = JSON.parse(line) as unknown;
    expect(detectFormat(record)).toBe('rudderstack');
    const { events, error } = adaptRecord('rudderstack', record, 'rs');
    expect(error).toBeUndefined();
    expect(events.map((e) => [e.kind, e.name])).toEqual([
      ['track', 'Product Added'],
      ['page', 'Cart'],
    ]);
    expect(events[0]!.properties['price']).toBe('19.90');
    expect(events[0]!.context).toMatchObject({
      appVersion: '5.2.0',
      library: 'RudderLabs JavaScript SDK',
      sessionKey: 'anon-3:1705314000000',
      url: null,
    });
    expect(events[1]!.context.url).toBe('https://shop.example/cart');
  });

  it('keeps identify traits', () => {
    const event = adaptRecord('segment', identify, 'seg').events[0]!;
    expect(event.kind).toBe('identify');
    expect({ ...event.traits }).toEqual({ loyalty_tier: 'gold' });
  });

  it('reads every message of a batch and names the ones it cannot read', () => {
    const result = adaptRecord(
      'segment',
      { batch: [segmentTrack, { type: 'track', timestamp: '2024-01-15T10:30:00Z' }, segmentPage, { type: 'alias' }] },
      'seg',
    );
    expect(result.events.map((e) => e.name)).toEqual(['Order Completed', 'Cart']);
    expect(result.error).toBe(
      'batch[1]: event is missing; batch[3]: type "alias" is not track, page, screen, identify or group',
    );
  });

  it('says what is wrong with a message it cannot read', () => {
    expect(adaptRecord('segment', { event: 'x', timestamp: '2024-01-15T10:30:00Z' }, 's').error).toBe(
      'type is missing',
    );
    expect(adaptRecord('rudderstack', { type: 'track', event: 'x' }, 's').error).toBe('timestamp is missing');
    expect(adaptRecord('segment', { batch: 'x' }, 's').error).toBe('batch is not an array');
  });

  it('dates a live message without any time of its own by when it arrived, as the collector receives it', () => {
    const receivedAt = Date.parse('2026-11-26T12:00:00Z');
    const bare = { type: 'track', event: 'Order Completed', properties: {} };
    const result = adaptRecord('segment', bare, 's', { receivedAt });
    expect(result.error).toBeUndefined();
    expect(result.events.map((e) => [e.name, e.eventTime])).toEqual([['Order Completed', receivedAt]]);
    // A time the message carries still wins over the arrival.
    const dated = adaptRecord('segment', { ...bare, originalTimestamp: '2026-11-25T08:00:00Z' }, 's', { receivedAt });
    expect(dated.events[0].eventTime).toBe(Date.parse('2026-11-25T08:00:00Z'));
  });
});
