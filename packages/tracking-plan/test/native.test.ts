import { NATIVE_FORMAT } from '@tracemap/contracts';
import { parseNativePlan, serializeNativePlan, toNativePlan } from '../src/native';
import { attribute, event, optional, required, view } from './builders';

function samplePlan() {
  const orderId = attribute('order_id', { tags: ['sales', 'core'] });
  const archived = attribute('legacy_id', { status: 'archived' });
  const pageName = attribute('Page Name', { scope: 'view' });
  const completed = event('Order Completed', { attributes: [required(orderId)] });
  const confirmation = view('Order Confirmation', { attributes: [optional(pageName)], events: [{ eventId: completed.id, trigger: 'on load' }] });
  return { attributes: [orderId, archived, pageName], events: [completed], views: [confirmation] };
}

describe('toNativePlan', () => {
  it('drops version and timestamps, sorts entities by folded name and tags, keeps archived ones', () => {
    const native = toNativePlan(samplePlan());
    expect(native.format).toBe(NATIVE_FORMAT);
    expect(native.formatVersion).toBe(1);
    expect(native.attributes.map((a) => a.name)).toEqual(['legacy_id', 'order_id', 'Page Name']);
    expect(native.attributes[1].tags).toEqual(['core', 'sales']);
    expect(native.attributes[0]).not.toHaveProperty('version');
    expect(native.events[0]).not.toHaveProperty('createdAt');
    expect(native.views[0]).not.toHaveProperty('updatedAt');
  });

  it('breaks name ties by id', () => {
    const a = attribute('same', { id: '00000000-0000-4000-8000-00000000000b' });
    const b = attribute('same', { scope: 'user', id: '00000000-0000-4000-8000-00000000000a' });
    expect(toNativePlan({ attributes: [a, b], events: [], views: [] }).attributes.map((x) => x.id)).toEqual([b.id, a.id]);
  });
});

describe('serializeNativePlan', () => {
  it('sorts keys at every depth, indents by two and ends with a newline', () => {
    const text = serializeNativePlan(toNativePlan(samplePlan()));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe('  "attributes": [');
    const keys = Object.keys(JSON.parse(text).attributes[0]);
    expect(keys).toEqual([...keys].sort());
  });

  it('round-trips: parse then serialize gives the same text', () => {
    const text = serializeNativePlan(toNativePlan(samplePlan()));
    const { plan, rejected } = parseNativePlan(text);
    expect(rejected).toEqual([]);
    expect(serializeNativePlan(plan!)).toBe(text);
  });
});

describe('parseNativePlan', () => {
  const valid = () => JSON.parse(serializeNativePlan(toNativePlan(samplePlan())));

  it('rejects text that is not JSON', () => {
    expect(parseNativePlan('{ nope').rejected).toEqual([{ row: '$', reason: expect.stringMatching(/^The file is not valid JSON: /) }]);
  });

  it('rejects another format', () => {
    const { plan, rejected } = parseNativePlan(JSON.stringify({ ...valid(), format: 'other' }));
    expect(plan).toBeNull();
    expect(rejected[0]).toMatchObject({ row: 'format', reason: expect.stringContaining('is not a tracemap.tracking-plan file') });
  });

  it('reports each bad entry by its JSON path, kind and name', () => {
    const data = valid();
    data.attributes[1].type = 'text';
    data.events[0].attributes[0].presence = 'always';
    const { plan, rejected } = parseNativePlan(JSON.stringify(data));
    expect(plan).toBeNull();
    expect(rejected).toEqual([
      { row: 'attributes[1].type', kind: 'attribute', name: 'order_id', reason: expect.stringMatching(/^type: /) },
      { row: 'events[0].attributes[0].presence', kind: 'event', name: 'Order Completed', reason: 'presence: "always" is not one of required, optional.' },
    ]);
  });

  it('names a missing field', () => {
    const data = valid();
    delete data.views[0].urlPattern;
    expect(parseNativePlan(JSON.stringify(data)).rejected).toEqual([
      { row: 'views[0].urlPattern', kind: 'view', name: 'Order Confirmation', reason: 'The field "urlPattern" is missing.' },
    ]);
  });

  it('rejects an id that is not a uuid', () => {
    const data = valid();
    data.events[0].id = 'evt-1';
    expect(parseNativePlan(JSON.stringify(data)).rejected[0]).toMatchObject({ row: 'events[0].id', kind: 'event' });
  });

  it('rejects links to attributes and events not in the file', () => {
    const data = valid();
    data.events[0].attributes[0].attributeId = '00000000-0000-4000-8000-0000000fffff';
    data.views[0].events[0].eventId = '00000000-0000-4000-8000-0000000eeeee';
    const { plan, rejected } = parseNativePlan(JSON.stringify(data));
    expect(plan).toBeNull();
    expect(rejected).toEqual([
      {
        row: 'events[0].attributes[0].attributeId',
        kind: 'event',
        name: 'Order Completed',
        reason: 'No attribute in the file has the id 00000000-0000-4000-8000-0000000fffff.',
      },
      { row: 'views[0].events[0].eventId', kind: 'view', name: 'Order Confirmation', reason: 'No event in the file has the id 00000000-0000-4000-8000-0000000eeeee.' },
    ]);
  });

  it('rejects an id used twice', () => {
    const data = valid();
    data.attributes[2].id = data.attributes[1].id;
    expect(parseNativePlan(JSON.stringify(data)).rejected).toContainEqual({
      row: 'attributes[2].id',
      kind: 'attribute',
      name: 'Page Name',
      reason: `The id ${data.attributes[1].id} is used by another attribute in the file.`,
    });
  });

  it('drops fields that belong to a database, such as version', () => {
    const data = valid();
    data.attributes[0].version = 7;
    const { plan } = parseNativePlan(JSON.stringify(data));
    expect(plan!.attributes[0]).not.toHaveProperty('version');
  });
});

describe('parseNativePlan reasons', () => {
  it('lists the allowed values of an enumerated field', () => {
    const data = JSON.parse(serializeNativePlan(toNativePlan(samplePlan())));
    data.attributes[0].scope = 'session';
    expect(parseNativePlan(JSON.stringify(data)).rejected[0].reason).toBe('scope: "session" is not one of event, user, view, system, group.');
  });
});
