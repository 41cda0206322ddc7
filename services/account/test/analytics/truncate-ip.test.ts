import { truncateIp } from '../../src/analytics/truncate-ip';

test.each([
  ['203.0.113.77', '203.0.113.0/24'],
  ['::ffff:198.51.100.200', '198.51.100.0/24'],
  ['2001:db8:85a3:1234:5678::1', '2001:db8:85a3::/48'],
  ['2001:0db8:0000:1::1', '2001:db8:0::/48'],
  ['::1', '0:0:0::/48'],
  ['not an address', null],
  [undefined, null],
])('%s → %s', (input, expected) => {
  expect(truncateIp(input)).toBe(expected);
});
