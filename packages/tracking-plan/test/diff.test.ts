import { diffPlans, fieldChanges, sameValue } from '../src/diff';
import { toNativePlan } from '../src/native';
import { attribute, event, optional, required, view } from './builders';

describe('fieldChanges', () => {
  it('lists changed top-level fields with before and after, sorted', () => {
    expect(
      fieldChanges({ name: 'a', description: 'x', tags: ['t'] }, { name: 'b', description: 'x', tags: ['t', 'u'] }),
    ).toEqual([
      { field: 'name', before: 'a', after: 'b' },
      { field: 'tags', before: ['t'], after: ['t', 'u'] },
    ]);
  });
  it('ignores id, version and timestamps, and key order inside values', () => {
    expect(
      fieldChanges(
        { id: '1', version: 1, updatedAt: 'then', validation: { kind: 'range', min: 1 } },
        { id: '1', version: 2, updatedAt: 'now', validation: { min: 1, kind: 'range' } },
      ),
    ).toEqual([]);
  });
  it('reports added and removed fields with null on the missing side', () => {
    expect(fieldChanges({ a: 1 }, { b: 2 })).toEqual([
      { field: 'a', before: 1, after: null },
      { field: 'b', before: null, after: 2 },
    ]);
  });
});

describe('sameValue', () => {
  it('compares arrays in order and objects by content', () => {
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: undefined }, {})).toBe(true);
    expect(sameValue(null, {})).toBe(false);
  });
});

describe('diffPlans', () => {
  it('sorts incoming entities into added, changed (with changes) and unchanged, by id', () => {
    const orderId = attribute('order_id');
    const coupon = attribute('coupon');
    const completed = event('Order Completed', { attributes: [optional(orderId)] });
    const current = toNativePlan({ attributes: [orderId, coupon], events: [completed], views: [] });
    const newAttribute = attribute('currency');
    const incoming = toNativePlan({
      attributes: [orderId, { ...coupon, description: 'Changed.' }, newAttribute],
      events: [{ ...completed, attributes: [required(orderId)] }],
      views: [],
    });
    const diff = diffPlans(current, incoming);
    expect(diff.added).toEqual([{ kind: 'attribute', name: 'currency', id: newAttribute.id }]);
    expect(diff.changed).toEqual([
      {
        kind: 'attribute',
        name: 'coupon',
        id: coupon.id,
        changes: [{ field: 'description', before: 'The coupon.', after: 'Changed.' }],
      },
      {
        kind: 'event',
        name: 'Order Completed',
        id: completed.id,
        changes: [
          {
            field: 'attributes',
            before: [{ attributeId: orderId.id, presence: 'optional' }],
            after: [{ attributeId: orderId.id, presence: 'required' }],
          },
        ],
      },
    ]);
    expect(diff.unchanged).toBe(1);
  });

  it('never reports removals: what the incoming plan lacks stays', () => {
    const a = attribute('kept');
    const current = toNativePlan({ attributes: [a], events: [], views: [] });
    const incoming = toNativePlan({ attributes: [], events: [], views: [] });
    expect(diffPlans(current, incoming)).toEqual({ added: [], changed: [], unchanged: 0 });
  });

  it('lists maps too: a new map is added, a moved node is a change of its nodes', () => {
    const home = view('Home');
    const cart = view('Cart');
    const map = {
      id: '00000000-0000-4000-8000-00000000a001',
      name: 'Journey',
      description: '',
      attributes: [],
      nodes: [
        { viewId: home.id, x: 0, y: 0 },
        { viewId: cart.id, x: 200, y: 0 },
      ],
      edges: [],
      layout: 'LR' as const,
      status: 'live' as const,
    };
    const other = { ...map, id: '00000000-0000-4000-8000-00000000a002', name: 'Second' };
    const current = toNativePlan({ attributes: [], events: [], views: [home, cart], maps: [map] });
    const moved = { ...map, nodes: [map.nodes[0], { viewId: cart.id, x: 260, y: 40 }] };
    const diff = diffPlans(
      current,
      toNativePlan({ attributes: [], events: [], views: [home, cart], maps: [moved, other] }),
    );
    expect(diff.added).toEqual([{ kind: 'map', name: 'Second', id: other.id }]);
    expect(diff.changed).toEqual([
      {
        kind: 'map',
        name: 'Journey',
        id: map.id,
        changes: [{ field: 'nodes', before: map.nodes, after: moved.nodes }],
      },
    ]);
    expect(diff.unchanged).toBe(2);
    // A file without maps changes none.
    expect(diffPlans(current, toNativePlan({ attributes: [], events: [], views: [home, cart] })).changed).toEqual([]);
  });
});
