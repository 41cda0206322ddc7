import { diffPlans, fieldChanges, sameValue } from '../src/diff';
import { toNativePlan } from '../src/native';
import { attribute, event, optional, required } from './builders';

describe('fieldChanges', () => {
  it('lists changed top-level fields with before and after, sorted', () => {
    expect(fieldChanges({ name: 'a', description: 'x', tags: ['t'] }, { name: 'b', description: 'x', tags: ['t', 'u'] })).toEqual([
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
      { kind: 'attribute', name: 'coupon', id: coupon.id, changes: [{ field: 'description', before: 'The coupon.', after: 'Changed.' }] },
      {
        kind: 'event',
        name: 'Order Completed',
        id: completed.id,
        changes: [{ field: 'attributes', before: [{ attributeId: orderId.id, presence: 'optional' }], after: [{ attributeId: orderId.id, presence: 'required' }] }],
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
});
