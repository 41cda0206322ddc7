import { bearerToken } from '../src';

test.each([
  ['Bearer abc.def.ghi', 'abc.def.ghi'],
  ['bearer abc', 'abc'],
  ['BEARER   abc  ', 'abc'],
])('%j carries the token %j', (header, token) => {
  expect(bearerToken(header)).toBe(token);
});

test.each([[undefined], [''], ['Bearer'], ['Bearer    '], ['Basic dXNlcjpwYXNz'], ['Bearerabc'], ['Token abc']])(
  '%j carries no bearer token',
  (header) => {
    expect(bearerToken(header)).toBeNull();
  },
);
