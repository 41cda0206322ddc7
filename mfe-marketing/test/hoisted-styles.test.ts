import { splitHoistedStyles } from '../src/prerender/hoisted-styles';

test('styles React hoists leave the markup that hydration walks; other style tags stay', () => {
  const markup =
    '<style data-precedence="low" data-href="ui">a{}</style><div class="sh-shell"><style data-precedence="default" data-href="shell-layout mk">b{}\n</style><main><style>c{}</style><h1>Hi</h1></main></div>';
  expect(splitHoistedStyles(markup)).toEqual({
    styles:
      '<style data-precedence="low" data-href="ui">a{}</style><style data-precedence="default" data-href="shell-layout mk">b{}\n</style>',
    body: '<div class="sh-shell"><main><style>c{}</style><h1>Hi</h1></main></div>',
  });
});
