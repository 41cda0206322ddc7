import { adaptRecord, detectFormat } from '../../src';

// Rows as GA4's BigQuery export writes them, one NDJSON line each.
const lines = [
  '{"event_date":"20240115","event_timestamp":"1705314600123456","event_name":"add_to_cart","event_params":[{"key":"ga_session_id","value":{"string_value":null,"int_value":"1705314000","float_value":null,"double_value":null}},{"key":"price","value":{"string_value":null,"int_value":null,"float_value":null,"double_value":19.9}},{"key":"quantity","value":{"int_value":"2"}},{"key":"coupon","value":{"string_value":"SPRING24"}}],"user_pseudo_id":"123.456","user_properties":[{"key":"loyalty_tier","value":{"string_value":"gold","set_timestamp_micros":"1705314000000000"}}],"platform":"ANDROID","app_info":{"id":"com.shop","version":"5.2.0"},"device":{"category":"mobile","operating_system":"Android"},"items":[{"item_id":"SKU-1","item_name":"Shoe","price":19.9,"quantity":2}]}',
  '{"event_timestamp":1705314700000000,"event_name":"add_to_cart","event_params":[{"key":"quantity","value":{"string_value":"2"}}],"user_pseudo_id":"123.456","platform":"IOS","app_info":{"version":"5.1.0"}}',
  '{"event_timestamp":"1705314800000000","event_name":"page_view","event_params":[{"key":"page_location","value":{"string_value":"https://shop.example/p/shoe?ref=1"}},{"key":"ga_session_id","value":{"int_value":1705314000}}],"user_pseudo_id":"u1","platform":"WEB"}',
  '{"event_timestamp":"1705314900000000","event_name":"screen_view","event_params":[{"key":"firebase_screen","value":{"string_value":"Cart"}}],"user_pseudo_id":"u1","platform":"IOS"}',
];
const rows = lines.map((line) => JSON.parse(line) as unknown);

describe('GA4 BigQuery export rows', () => {
  it('is detected from its fields', () => {
    expect(detectFormat(rows[0])).toBe('ga4-bigquery');
  });

  it('reads each parameter from the one value field set, and remembers which', () => {
    const { events, error } = adaptRecord('ga4-bigquery', rows[0], 'src-1');
    expect(error).toBeUndefined();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.name).toBe('add_to_cart');
    expect(event!.kind).toBe('track');
    expect(event!.sourceId).toBe('src-1');
    expect({ ...event!.properties, items: undefined }).toEqual({
      price: 19.9,
      quantity: 2,
      coupon: 'SPRING24',
      items: undefined,
    });
    expect({ ...event!.nativeTypes }).toEqual({
      price: 'double_value',
      quantity: 'int_value',
      coupon: 'string_value',
    });
    expect(event!.properties['items']).toEqual([{ item_id: 'SKU-1', item_name: 'Shoe', price: 19.9, quantity: 2 }]);
    expect({ ...event!.traits }).toEqual({ loyalty_tier: 'gold' });
  });

  it('reads INT64 sent as a JSON string as a number, and the microsecond timestamp as milliseconds', () => {
    const [event] = adaptRecord('ga4-bigquery', rows[0], 's').events;
    expect(event!.eventTime).toBe(1705314600123);
    expect(typeof event!.properties['quantity']).toBe('number');
    const [numeric] = adaptRecord('ga4-bigquery', rows[1], 's').events;
    expect(numeric!.eventTime).toBe(1705314700000);
  });

  it('keeps a parameter split across string_value and int_value visible', () => {
    const first = adaptRecord('ga4-bigquery', rows[0], 's').events[0]!;
    const second = adaptRecord('ga4-bigquery', rows[1], 's').events[0]!;
    expect(first.nativeTypes!['quantity']).toBe('int_value');
    expect(second.nativeTypes!['quantity']).toBe('string_value');
    expect(second.properties['quantity']).toBe('2');
  });

  it("leaves GA4's own session and page parameters out of the app's properties", () => {
    const [page] = adaptRecord('ga4-bigquery', rows[2], 's').events;
    expect(Object.keys(page!.properties)).toEqual([]);
    expect(Object.keys(page!.nativeTypes!)).toEqual([]);
  });

  it('takes platform, app version and the session from the row', () => {
    const [event] = adaptRecord('ga4-bigquery', rows[0], 's').events;
    expect(event!.context).toMatchObject({
      platform: 'ANDROID',
      appVersion: '5.2.0',
      sessionKey: '123.456:1705314000',
    });
  });

  it('turns page_view into a page with its location, and screen_view into a screen', () => {
    const [page] = adaptRecord('ga4-bigquery', rows[2], 's').events;
    expect(page!.kind).toBe('page');
    expect(page!.context.url).toBe('https://shop.example/p/shoe?ref=1');
    expect(page!.context.sessionKey).toBe('u1:1705314000');
    const [screen] = adaptRecord('ga4-bigquery', rows[3], 's').events;
    expect(screen!.kind).toBe('screen');
    expect(screen!.context.screenName).toBe('Cart');
  });

  it('says what is wrong with a row it cannot read', () => {
    expect(adaptRecord('ga4-bigquery', { event_timestamp: '1' }, 's')).toEqual({
      events: [],
      error: 'event_name is missing',
    });
    expect(adaptRecord('ga4-bigquery', { event_name: 'x' }, 's').error).toBe('event_timestamp is missing');
    expect(adaptRecord('ga4-bigquery', { event_name: 'x', event_timestamp: 1, event_params: 'no' }, 's').error).toBe(
      'event_params is not an array',
    );
  });
});
