import { BoundedLru } from '../src/cache/bounded-lru';

test('the least recently used entries leave first once the total weight passes the bound', () => {
  const removed: string[] = [];
  const lru = new BoundedLru<string>(10, (key) => removed.push(key));
  lru.set('a', 'A', 1000, 0, 4);
  lru.set('b', 'B', 1000, 0, 4);
  expect(lru.get('a', 1)).toBe('A'); // a is now the most recently used
  lru.set('c', 'C', 1000, 0, 4); // 12 > 10: b goes
  expect(removed).toEqual(['b']);
  expect([lru.get('a', 1), lru.get('b', 1), lru.get('c', 1)]).toEqual(['A', undefined, 'C']);
  lru.set('huge', 'H', 1000, 0, 11); // heavier than the bound on its own: everything goes, itself too
  expect(lru.size).toBe(0);
  lru.set('d', 'D', 1000, 0);
  expect(lru.get('d', 1)).toBe('D'); // the weights of what left were given back
});

test('expired and deleted entries give their weight back', () => {
  const lru = new BoundedLru<string>(5);
  lru.set('short', 'S', 10, 0, 5);
  expect(lru.get('short', 20)).toBeUndefined();
  lru.set('x', 'X', 1000, 20, 5);
  lru.delete('x');
  lru.set('y', 'Y', 1000, 20, 5);
  expect(lru.get('y', 21)).toBe('Y');
  lru.clear();
  lru.set('z', 'Z', 1000, 20, 5);
  expect(lru.get('z', 21)).toBe('Z');
});
