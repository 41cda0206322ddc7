import { SimilarNameIndex } from '../src/lint/similar-index';
import { foldName, similarFoldedNames } from '../src/names';

describe('SimilarNameIndex', () => {
  const names = [
    'product',
    'products',
    'address',
    'addresses',
    'id',
    'ids',
    'category',
    'catgory',
    'received',
    'recieved',
    'coupon',
    'coupen',
    'cartid',
    'orderid',
  ];
  const index = new SimilarNameIndex(names);

  it.each([
    ['product', ['products']],
    ['address', ['addresses']],
    ['id', ['ids']],
    ['category', ['catgory']],
    ['recieved', ['received']],
    ['coupon', ['coupen']],
    ['cartid', []],
  ])('finds the names similar to %p', (name, expected) => {
    expect(index.similarTo(name).sort()).toEqual(expected);
  });

  it('finds exactly what comparing every pair finds', () => {
    const words = [
      'order',
      'orders',
      'ordr',
      'cart',
      'card',
      'carts',
      'price',
      'prices',
      'prise',
      'total',
      'totla',
      'step1',
      'step2',
    ];
    const all = words.flatMap((a) => words.map((b) => foldName(`${a}_${b}`)));
    const unique = [...new Set(all)];
    const big = new SimilarNameIndex(unique);
    for (const name of unique) {
      const expected = unique.filter((other) => similarFoldedNames(name, other)).sort();
      expect(big.similarTo(name).sort()).toEqual(expected);
    }
  });
});
