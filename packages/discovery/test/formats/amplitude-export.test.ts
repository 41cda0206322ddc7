import { adaptRecord, detectFormat } from '../../src';

const lines = [
  '{"$insert_id":"a1","event_type":"Product Viewed","event_time":"2024-01-15 10:30:00.123456","event_properties":{"product_id":"p-1","price":19.9},"user_properties":{"loyalty_tier":"gold"},"platform":"iOS","version_name":"5.2.0","library":"amplitude-swift/1.0.0","session_id":1705314000000,"device_id":"d-1","user_id":null}',
  '{"event_type":"$identify","event_time":"2024-01-15 10:31:00.000000","user_properties":{"$set":{"plan":"pro"}},"device_id":"d-1","session_id":-1}',
  '{"event_type":"[Amplitude] Page Viewed","event_time":"2024-01-15 10:32:00.000000","event_properties":{"[Amplitude] Page Location":"https://shop.example/cart","[Amplitude] Page Path":"/cart"},"platform":"Web","library":"amplitude-ts/2.0.0","device_id":"d-2","session_id":1705314000001}',
];
const records = lines.map((line) => JSON.parse(line) as unknown);

describe('Amplitude export events', () => {
  it('is detected from its fields', () => {
    expect(detectFormat(records[0])).toBe('amplitude-export');
  });

  it('reads a track event with its properties, traits and context', () => {
    const { events, error } = adaptRecord('amplitude-export', records[0], 'amp');
    expect(error).toBeUndefined();
    const event = events[0]!;
    expect(event).toMatchObject({ kind: 'track', name: 'Product Viewed', sourceId: 'amp' });
    expect({ ...event.properties }).toEqual({ product_id: 'p-1', price: 19.9 });
    expect({ ...event.traits }).toEqual({ loyalty_tier: 'gold' });
    expect(event.context).toMatchObject({
      platform: 'iOS',
      appVersion: '5.2.0',
      library: 'amplitude-swift/1.0.0',
      sessionKey: 'd-1:1705314000000',
    });
  });

  it('reads event_time as UTC with its milliseconds', () => {
    expect(adaptRecord('amplitude-export', records[0], 'amp').events[0]!.eventTime).toBe(
      Date.UTC(2024, 0, 15, 10, 30, 0, 123),
    );
  });

  it('turns $identify into identify and a page view into a page with its location', () => {
    const identify = adaptRecord('amplitude-export', records[1], 'amp').events[0]!;
    expect(identify.kind).toBe('identify');
    expect(identify.context.sessionKey).toBe('d-1');
    const page = adaptRecord('amplitude-export', records[2], 'amp').events[0]!;
    expect(page.kind).toBe('page');
    expect(page.context.url).toBe('https://shop.example/cart');
    expect(Object.keys(page.properties)).toEqual([]);
  });

  it('says what is wrong with an event it cannot read', () => {
    expect(adaptRecord('amplitude-export', { event_time: '2024-01-15 10:30:00' }, 'amp').error).toBe(
      'event_type is missing',
    );
    expect(adaptRecord('amplitude-export', { event_type: 'x', event_time: 'yesterday' }, 'amp').error).toMatch(
      /event_time/,
    );
    expect(
      adaptRecord('amplitude-export', { event_type: 'x', event_time: '2024-01-15 10:30:00', event_properties: [] }, 'a')
        .error,
    ).toBe('event_properties is not an object');
  });
});
