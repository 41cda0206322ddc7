import { adaptRecord, detectFormat } from '../../src';

const productViewed = {
  schema: 'iglu:com.acme/product_viewed/jsonschema/1-0-2',
  data: { product_id: 'p-1', price: 19.9 },
  dvce_created_tstamp: '2024-01-15T10:30:00.000Z',
  platform: 'mob',
  domain_userid: 'du-1',
  domain_sessionid: 'ds-1',
  contexts: [
    {
      schema: 'iglu:com.snowplowanalytics.mobile/application/jsonschema/1-0-0',
      data: { version: '5.2.0', build: '1' },
    },
  ],
};

describe('Snowplow self-describing events', () => {
  it('is detected from its Iglu schema', () => {
    expect(detectFormat(productViewed)).toBe('snowplow');
  });

  it('names the event by the schema and keeps its vendor and version as the library', () => {
    const { events, error } = adaptRecord('snowplow', productViewed, 'sp');
    expect(error).toBeUndefined();
    expect(events[0]).toMatchObject({
      kind: 'track',
      name: 'product_viewed',
      eventTime: Date.UTC(2024, 0, 15, 10, 30),
      context: { library: 'com.acme@1-0-2', appVersion: '5.2.0', platform: 'mob', sessionKey: 'du-1:ds-1' },
    });
    expect({ ...events[0]!.properties }).toEqual({ product_id: 'p-1', price: 19.9 });
  });

  it('unwraps an unstruct_event envelope', () => {
    const wrapped = {
      schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0',
      data: { schema: 'iglu:com.acme/cart_viewed/jsonschema/1-0-0', data: { cart_id: 'c-1' } },
      collector_tstamp: '2024-01-15T10:30:00.000Z',
    };
    expect(adaptRecord('snowplow', wrapped, 'sp').events[0]).toMatchObject({ name: 'cart_viewed', kind: 'track' });
  });

  it('reads a bare event at the time it was received, and refuses it without one', () => {
    const bare = { schema: 'iglu:com.acme/signed_in/jsonschema/1-0-0', data: { signup_method: 'email' } };
    expect(adaptRecord('snowplow', bare, 'sp', { receivedAt: 1000 }).events[0]!.eventTime).toBe(1000);
    expect(adaptRecord('snowplow', bare, 'sp').error).toBe('dvce_created_tstamp is missing');
    expect(adaptRecord('snowplow', { schema: 'com.acme/x', data: {} }, 'sp').error).toMatch(/schema is not/);
  });
});
