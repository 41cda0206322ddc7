import { splitKey, typeSplitsOf } from './type-splits';

test('type splits come from inconsistent-type findings, per event, also when filed on a layer for several events', () => {
  const splits = typeSplitsOf([
    {
      type: 'type_inconsistent',
      subject: { event: 'Product Added', property: 'price' },
      details: { appVersion: '5.2.0' },
    },
    {
      type: 'type_inconsistent',
      subject: { event: '*', property: 'page_category' },
      details: { appVersion: '3.1.0', events: ['Cart Viewed', 'Checkout Started'] },
    },
    { type: 'type_mismatch', subject: { event: 'Order Completed', property: 'total' }, details: { appVersion: '1' } },
    { type: 'type_inconsistent', subject: { event: 'Search', property: 'q' }, details: {} },
  ]);
  expect(splits.get(splitKey('Product Added', 'price'))).toBe('5.2.0');
  expect(splits.get(splitKey('Cart Viewed', 'page_category'))).toBe('3.1.0');
  expect(splits.get(splitKey('Checkout Started', 'page_category'))).toBe('3.1.0');
  expect(splits.size).toBe(3);
});
