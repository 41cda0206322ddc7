import { describeLimits, formatPrice } from '../src/pages/pricing/format';

test('prices are shown from cents, with cents only when there are some', () => {
  expect(formatPrice(2900, 'usd')).toBe('$29');
  expect(formatPrice(2950, 'eur')).toBe('€29.50');
});

test('limits read as sentences and are not repeated when a feature already says them', () => {
  expect(describeLimits({ members: 5, maps: 20, apiCalls: 10000 }, ['Up to 5 members'])).toEqual([
    'Up to 20 maps',
    'Up to 10,000 api calls',
  ]);
  expect(describeLimits(null, [])).toEqual([]);
});
