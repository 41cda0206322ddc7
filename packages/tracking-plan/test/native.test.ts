import { NATIVE_FORMAT } from '@tracemap/contracts';
import { parseNativePlan, serializeNativePlan, toNativePlan } from '../src/native';
import { attribute, event, optional, required, view } from './builders';

function samplePlan() {
  const orderId = attribute('order_id', { tags: ['sales', 'core'] });
  const archived = attribute('legacy_id', { status: 'archived' });
  const pageName = attribute('Page Name', { scope: 'view' });
  const completed = event('Order Completed', { attributes: [required(orderId)] });
  const confirmation = view('Order Confirmation', {
    attributes: [optional(pageName)],
    events: [{ eventId: completed.id, trigger: 'on load' }],
  });
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
    expect(toNativePlan({ attributes: [a, b], events: [], views: [] }).attributes.map((x) => x.id)).toEqual([
      b.id,
      a.id,
    ]);
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
    expect(parseNativePlan('{ nope').rejected).toEqual([
      { row: '$', reason: expect.stringMatching(/^The file is not valid JSON: /) },
    ]);
  });

  it('rejects another format', () => {
    const { plan, rejected } = parseNativePlan(JSON.stringify({ ...valid(), format: 'other' }));
    expect(plan).toBeNull();
    expect(rejected[0]).toMatchObject({
      row: 'format',
      reason: expect.stringContaining('is not a tracemap.tracking-plan file'),
    });
  });

  it('reports each bad entry by its JSON path, kind and name', () => {
    const data = valid();
    data.attributes[1].type = 'text';
    data.events[0].attributes[0].presence = 'always';
    const { plan, rejected } = parseNativePlan(JSON.stringify(data));
    expect(plan).toBeNull();
    expect(rejected).toEqual([
      { row: 'attributes[1].type', kind: 'attribute', name: 'order_id', reason: expect.stringMatching(/^type: /) },
      {
        row: 'events[0].attributes[0].presence',
        kind: 'event',
        name: 'Order Completed',
        reason: 'presence: "always" is not one of required, optional.',
      },
    ]);
  });

  it('names a missing field', () => {
    const data = valid();
    delete data.views[0].urlPattern;
    expect(parseNativePlan(JSON.stringify(data)).rejected).toEqual([
      {
        row: 'views[0].urlPattern',
        kind: 'view',
        name: 'Order Confirmation',
        reason: 'The field "urlPattern" is missing.',
      },
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
      {
        row: 'views[0].events[0].eventId',
        kind: 'view',
        name: 'Order Confirmation',
        reason: 'No event in the file has the id 00000000-0000-4000-8000-0000000eeeee.',
      },
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
    expect(parseNativePlan(JSON.stringify(data)).rejected[0].reason).toBe(
      'scope: "session" is not one of event, user, view, system, group.',
    );
  });
});

describe('maps in the native file', () => {
  const ids = {
    map: '00000000-0000-4000-8000-00000000a001',
    edge: '00000000-0000-4000-8000-00000000e001',
    second: '00000000-0000-4000-8000-00000000e002',
  };
  function withMap() {
    const plan = samplePlan();
    const home = { ...plan.views[0], id: '00000000-0000-4000-8000-0000000b0001', name: 'Home', events: [] };
    const confirmation = plan.views[0];
    const completed = plan.events[0];
    const map = {
      id: ids.map,
      name: 'Checkout journey',
      description: 'From home to the confirmation.',
      attributes: [optional(plan.attributes[0])],
      // Drawn right to left on purpose: nodes and edges keep the order they were drawn in.
      nodes: [
        { viewId: confirmation.id, x: 300.5, y: -20 },
        { viewId: home.id, x: 0, y: 0 },
      ],
      edges: [
        { id: ids.second, from: home.id, to: confirmation.id, eventId: completed.id, label: 'pays' },
        { id: ids.edge, from: confirmation.id, to: home.id },
      ],
      layout: 'LR' as const,
      status: 'live' as const,
      version: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    };
    return { ...plan, views: [...plan.views, home], maps: [map] };
  }

  it('exports maps sorted by name with nodes and edges in drawing order, and round-trips byte for byte', () => {
    const native = toNativePlan(withMap());
    expect(native.maps).toHaveLength(1);
    expect(native.maps![0]).not.toHaveProperty('version');
    expect(native.maps![0].nodes.map((n) => n.x)).toEqual([300.5, 0]);
    expect(native.maps![0].edges.map((e) => e.id)).toEqual([ids.second, ids.edge]);
    const text = serializeNativePlan(native);
    const { plan, rejected } = parseNativePlan(text);
    expect(rejected).toEqual([]);
    expect(serializeNativePlan(plan!)).toBe(text);
  });

  it('a plan given no maps has none in its file, and such a file still reads', () => {
    const text = serializeNativePlan(toNativePlan(samplePlan()));
    expect(JSON.parse(text)).not.toHaveProperty('maps');
    expect(parseNativePlan(text).rejected).toEqual([]);
    expect(JSON.parse(serializeNativePlan(toNativePlan({ ...samplePlan(), maps: [] }))).maps).toEqual([]);
  });

  it('rejects nodes on views not in the file or placed twice, edges off the map or through unknown events, unknown attributes', () => {
    const data = JSON.parse(serializeNativePlan(toNativePlan(withMap())));
    const [m] = data.maps;
    const missing = '00000000-0000-4000-8000-0000000fffff';
    m.nodes.push({ viewId: m.nodes[0].viewId, x: 1, y: 1 }, { viewId: missing, x: 2, y: 2 });
    m.edges[0].eventId = missing;
    m.edges[1].to = '00000000-0000-4000-8000-0000000ddddd';
    m.edges[1].id = m.edges[0].id;
    m.attributes[0].attributeId = missing;
    const { plan, rejected } = parseNativePlan(JSON.stringify(data));
    expect(plan).toBeNull();
    const at = (row: string, reason: string) => ({
      row: `maps[0].${row}`,
      kind: 'map',
      name: 'Checkout journey',
      reason,
    });
    expect(rejected).toEqual([
      at('nodes[2].viewId', `The view ${m.nodes[0].viewId} is placed on this map more than once.`),
      at('nodes[3].viewId', `No view in the file has the id ${missing}.`),
      at('edges[0].eventId', `No event in the file has the id ${missing}.`),
      at('edges[1].id', `The edge id ${m.edges[0].id} is used twice on this map.`),
      at('edges[1].to', 'The view 00000000-0000-4000-8000-0000000ddddd is not a node of this map.'),
      at('attributes[0].attributeId', `No attribute in the file has the id ${missing}.`),
    ]);
  });

  it('names the map of a malformed entry', () => {
    const data = JSON.parse(serializeNativePlan(toNativePlan(withMap())));
    data.maps[0].layout = 'diagonal';
    expect(parseNativePlan(JSON.stringify(data)).rejected).toEqual([
      {
        row: 'maps[0].layout',
        kind: 'map',
        name: 'Checkout journey',
        reason: 'layout: "diagonal" is not one of LR, TB.',
      },
    ]);
  });
});
