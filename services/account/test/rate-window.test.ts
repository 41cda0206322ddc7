import { clientAddress, createRateWindow } from '../src/lib/rate-window';

test('counts per key within a window and starts again in the next one', () => {
  const window = createRateWindow(2, 60_000);
  expect(window.take('a', 0)).toBe(0);
  expect(window.take('a', 10)).toBe(0);
  expect(window.take('a', 20)).toBeGreaterThan(0);
  expect(window.take('b', 20)).toBe(0);
  expect(window.take('a', 60_000)).toBe(0);
});

test('a refused key is told the whole seconds until its window ends, at least one', () => {
  const window = createRateWindow(1, 60_000);
  window.take('a', 120_000);
  expect(window.take('a', 120_000)).toBe(60);
  expect(window.take('a', 150_500)).toBe(30);
  expect(window.take('a', 179_999)).toBe(1);
});

test('the client address is the first forwarded hop, else the socket address', () => {
  expect(clientAddress('203.0.113.7, 10.0.0.1', '127.0.0.1')).toBe('203.0.113.7');
  expect(clientAddress(undefined, '127.0.0.1')).toBe('127.0.0.1');
});
