import { clientAddress, createRateWindow } from '../src/lib/rate-window';

test('counts per key within a window and starts again in the next one', () => {
  const window = createRateWindow(2, 60_000);
  expect(window.take('a', 0)).toBe(true);
  expect(window.take('a', 10)).toBe(true);
  expect(window.take('a', 20)).toBe(false);
  expect(window.take('b', 20)).toBe(true);
  expect(window.take('a', 60_000)).toBe(true);
});

test('the client address is the first forwarded hop, else the socket address', () => {
  expect(clientAddress('203.0.113.7, 10.0.0.1', '127.0.0.1')).toBe('203.0.113.7');
  expect(clientAddress(undefined, '127.0.0.1')).toBe('127.0.0.1');
});
