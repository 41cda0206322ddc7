import { foldName, matchesNameCase, similarNames, splitWords, toNameCase } from '../src/names';

describe('foldName', () => {
  it.each(['order_id', 'orderId', 'Order ID', 'order-id', 'ORDER.ID', ' order  id '])('folds %p to orderid', (name) => {
    expect(foldName(name)).toBe('orderid');
  });
  it('keeps digits and other letters', () => {
    expect(foldName('Address Line 2')).toBe('addressline2');
    expect(foldName('Größe')).toBe('größe');
  });
});

describe('splitWords', () => {
  it.each([
    ['order_id', ['order', 'id']],
    ['orderId', ['order', 'Id']],
    ['orderID', ['order', 'ID']],
    ['HTMLParser', ['HTML', 'Parser']],
    ['Product Viewed', ['Product', 'Viewed']],
    ['address2Line', ['address2', 'Line']],
    ['checkout-step.number', ['checkout', 'step', 'number']],
  ])('%p → %p', (name, words) => {
    expect(splitWords(name)).toEqual(words);
  });
});

describe('matchesNameCase', () => {
  it.each([
    ['order_id', 'snake_case', true],
    ['order_id_2', 'snake_case', true],
    ['orderId', 'snake_case', false],
    ['order__id', 'snake_case', false],
    ['_order', 'snake_case', false],
    ['orderId', 'camelCase', true],
    ['OrderId', 'camelCase', false],
    ['order_id', 'camelCase', false],
    ['OrderId', 'PascalCase', true],
    ['orderId', 'PascalCase', false],
    ['Order Id', 'PascalCase', false],
    ['Product Viewed', 'Title Case', true],
    ['Order ID', 'Title Case', true],
    ['Step 2', 'Title Case', true],
    ['Product viewed', 'Title Case', false],
    ['Product  Viewed', 'Title Case', false],
    ['product_viewed', 'Title Case', false],
    ['anything goes-here', 'any', true],
  ] as const)('%p in %p → %p', (name, nameCase, expected) => {
    expect(matchesNameCase(name, nameCase)).toBe(expected);
  });
});

describe('toNameCase', () => {
  it.each([
    ['Order ID', 'snake_case', 'order_id'],
    ['orderId', 'snake_case', 'order_id'],
    ['order_id', 'camelCase', 'orderId'],
    ['Order ID', 'camelCase', 'orderId'],
    ['product viewed', 'PascalCase', 'ProductViewed'],
    ['product_viewed', 'Title Case', 'Product Viewed'],
    ['orderID', 'Title Case', 'Order ID'],
    ['checkout-step', 'Title Case', 'Checkout Step'],
    ['whatever_Name', 'any', 'whatever_Name'],
  ] as const)('%p in %p → %p', (name, nameCase, expected) => {
    expect(toNameCase(name, nameCase)).toBe(expected);
  });

  it('produces names that match the case it was asked for', () => {
    for (const name of ['Order Completed', 'orderID', 'cart_value_usd', 'HTMLParser', 'step 2 of 3']) {
      for (const nameCase of ['snake_case', 'camelCase', 'PascalCase', 'Title Case'] as const) {
        expect(matchesNameCase(toNameCase(name, nameCase), nameCase)).toBe(true);
      }
    }
  });

  it('leaves a name without words alone', () => {
    expect(toNameCase('__', 'snake_case')).toBe('__');
  });
});

describe('similarNames', () => {
  it.each([
    ['product', 'products', true],
    ['address', 'addresses', true],
    ['ids', 'id', true],
    ['user_name', 'usr_name', true],
    ['user_name', 'username2', false], // a digit apart: siblings, not a typo
    ['category', 'catgory', true],
    ['received', 'recieved', true],
    ['coupon', 'coupen', true],
    ['order_id', 'orderId', false], // the same name, not a similar one
    ['id', 'ip', false], // too short to judge by one edit
    ['product', 'producer', false],
    ['cart_id', 'order_id', false],
  ])('%p ~ %p → %p', (a, b, expected) => {
    expect(similarNames(a, b)).toBe(expected);
    expect(similarNames(b, a)).toBe(expected);
  });
});

describe('similarNames and digits', () => {
  it('does not call names that differ only in a digit similar', () => {
    expect(similarNames('address_line_1', 'address_line_2')).toBe(false);
    expect(similarNames('step', 'step2')).toBe(false);
  });
});
