import { MAX_PROPERTIES, SOURCE_FORMATS, adaptRecord, detectFormat } from '../../src';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = { next: value };
  return value;
}

describe('records that try to break the adapters', () => {
  afterEach(() => {
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('keeps __proto__ and constructor keys as plain data', () => {
    const line =
      '{"type":"track","event":"Hack","timestamp":"2024-01-15T10:30:00Z","properties":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"nested":{"__proto__":{"polluted":"yes"}}}}';
    const [event] = adaptRecord('segment', JSON.parse(line), 's').events;
    expect(Object.keys(event!.properties)).toEqual(['__proto__', 'constructor', 'nested']);
    expect(Object.getOwnPropertyDescriptor(event!.properties, '__proto__')!.value).toEqual({ polluted: 'yes' });
    expect((event!.properties as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('keeps __proto__ parameters of GA4 rows as plain data', () => {
    const line =
      '{"event_name":"x","event_timestamp":1,"event_params":[{"key":"__proto__","value":{"string_value":"polluted"}},{"key":"constructor","value":{"int_value":"1"}}]}';
    const [event] = adaptRecord('ga4-bigquery', JSON.parse(line), 's').events;
    expect(Object.keys(event!.properties)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(event!.nativeTypes!)).toEqual(['__proto__', 'constructor']);
  });

  it('reads only own keys of bags built by code, and never changes the record it reads', () => {
    const properties = Object.create({ inherited: 'yes' }) as Record<string, unknown>;
    properties['own'] = { deeper: Object.create({ inherited: 'yes' }) as unknown };
    const message = { type: 'track', event: 'x', timestamp: '2024-01-15T10:30:00Z', properties };
    const [event] = adaptRecord('segment', message, 's').events;
    expect(event!.properties).toEqual({ own: { deeper: {} } });
    expect(Object.keys(event!.properties)).toEqual(['own']);

    const line =
      '{"event_type":"[Amplitude] Page Viewed","event_time":"2024-01-15 10:30:00","event_properties":{"[Amplitude] Page Location":"https://shop.test/","page_name":"Home","__proto__":{"polluted":"yes"}}}';
    const record = JSON.parse(line) as Record<string, unknown>;
    const [page] = adaptRecord('amplitude-export', record, 'a').events;
    expect(Object.keys(page!.properties)).toEqual(['page_name', '__proto__']);
    expect(page!.context.url).toBe('https://shop.test/');
    expect((page!.properties as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(JSON.stringify(record)).toBe(JSON.stringify(JSON.parse(line)));
  });

  it('refuses nesting deeper than 32 levels with an error instead of throwing', () => {
    const ok = { type: 'track', event: 'x', timestamp: '2024-01-15T10:30:00Z', properties: nested(31) };
    expect(adaptRecord('segment', ok, 's').error).toBeUndefined();
    const deep = { ...ok, properties: nested(40) };
    expect(adaptRecord('segment', deep, 's')).toEqual({ events: [], error: 'nesting deeper than 32 levels' });
    const abyss = { ...ok, properties: nested(200_000) };
    expect(adaptRecord('segment', abyss, 's').error).toBe('nesting deeper than 32 levels');
  });

  it('refuses deep nesting inside GA4 items and mParticle attributes too', () => {
    const row = { event_name: 'x', event_timestamp: 1, items: [nested(40)] };
    expect(adaptRecord('ga4-bigquery', row, 's')).toEqual({ events: [], error: 'nesting deeper than 32 levels' });
    const batch = {
      events: [
        {
          event_type: 'custom_event',
          data: { event_name: 'x', timestamp_unixtime_ms: 1, custom_attributes: { deep: nested(40) } },
        },
      ],
    };
    expect(adaptRecord('mparticle', batch, 's')).toEqual({
      events: [],
      error: 'events[0]: nesting deeper than 32 levels',
    });
  });

  it('keeps the first 500 properties of an event and counts the rest', () => {
    const properties: Record<string, number> = {};
    for (let i = 0; i < 620; i += 1) properties[`p${i}`] = i;
    const [event] = adaptRecord(
      'amplitude-export',
      { event_type: 'x', event_time: '2024-01-15 10:30:00', event_properties: properties },
      'a',
    ).events;
    expect(Object.keys(event!.properties)).toHaveLength(MAX_PROPERTIES);
    expect(event!.properties['p499']).toBe(499);
    expect(event!.properties['p500']).toBeUndefined();
    expect(event!.truncatedProperties).toBe(120);
    const [small] = adaptRecord('amplitude-export', { event_type: 'x', event_time: '2024-01-15 10:30:00' }, 'a').events;
    expect(small!.truncatedProperties).toBeUndefined();
  });

  it.each(SOURCE_FORMATS)('never throws on junk in the %s adapter', (format) => {
    for (const junk of [null, 42, 'text', [], [null], {}, { batch: [1] }, { events: [1] }, { schema: 1 }, [[[]]]]) {
      const result = adaptRecord(format, junk, 's');
      expect(result.events.every((e) => typeof e.name === 'string')).toBe(true);
      if (junk !== null && typeof junk === 'object' && !(Array.isArray(junk) && junk.length === 0)) {
        expect(typeof result.error).toBe('string');
      }
    }
  });

  it('detects no format in shapes it does not know', () => {
    for (const junk of [null, 42, 'text', [], {}, { foo: 1 }, { type: 'track' }]) expect(detectFormat(junk)).toBeNull();
  });
});
