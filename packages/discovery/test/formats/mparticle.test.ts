import { adaptRecord, detectFormat } from '../../src';

const batch = JSON.parse(
  '{"events":[{"event_type":"session_start","data":{"timestamp_unixtime_ms":1705314600000}},{"event_type":"custom_event","data":{"event_name":"Product Added","custom_event_type":"transaction","custom_attributes":{"price":"19.90","quantity":"2","sku":"SKU-1"},"timestamp_unixtime_ms":1705314600100,"session_uuid":"s-1"}},{"event_type":"screen_view","data":{"event_name":"Cart","custom_attributes":{},"timestamp_unixtime_ms":1705314600200,"session_uuid":"s-1"}},{"event_type":"custom_event","data":{"custom_attributes":{}}}],"user_attributes":{"loyalty_tier":"gold"},"device_info":{"platform":"iOS"},"application_info":{"application_version":"5.2.0"},"environment":"production","mpid":"-8000"}',
) as unknown;

describe('mParticle batches', () => {
  it('is detected from its events', () => {
    expect(detectFormat(batch)).toBe('mparticle');
  });

  it('reads custom events and screen views, skipping session lifecycle events', () => {
    const { events } = adaptRecord('mparticle', batch, 'mp');
    expect(events.map((e) => [e.kind, e.name])).toEqual([
      ['track', 'Product Added'],
      ['screen', 'Cart'],
    ]);
    expect(events[0]).toMatchObject({
      eventTime: 1705314600100,
      context: { platform: 'iOS', appVersion: '5.2.0', environment: 'production', sessionKey: '-8000:s-1' },
    });
    expect({ ...events[0]!.traits }).toEqual({ loyalty_tier: 'gold' });
  });

  it('keeps numeric strings in custom attributes as strings, for the profiler to flag', () => {
    const [event] = adaptRecord('mparticle', batch, 'mp').events;
    expect({ ...event!.properties }).toEqual({ price: '19.90', quantity: '2', sku: 'SKU-1' });
  });

  it('names the events of a batch it cannot read and keeps the rest', () => {
    const result = adaptRecord('mparticle', batch, 'mp');
    expect(result.events).toHaveLength(2);
    expect(result.error).toBe('events[3]: event_name is missing');
    expect(adaptRecord('mparticle', { environment: 'production' }, 'mp')).toEqual({
      events: [],
      error: 'events is missing',
    });
  });
});
