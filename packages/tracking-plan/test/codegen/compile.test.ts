import { CODEGEN_DESTINATIONS } from '@tracemap/contracts';
import { generateTypeScript } from '../../src/codegen';
import { compile, samplePlan } from './support';

/** The output type-checks under `strict` (and the stricter flags apps turn on), and its types refuse what the plan refuses. */
const plan = samplePlan();

describe('generated code under tsc --strict', () => {
  it.each(CODEGEN_DESTINATIONS)('compiles for %s, validators included', (destination) => {
    const { files } = generateTypeScript(plan, { destination, validation: 'dev' });
    expect(compile(files)).toEqual([]);
  });

  it('compiles without inheritance (no views module, no system attributes)', () => {
    const { files } = generateTypeScript(
      { ...plan, attributeInheritance: false },
      { destination: 'segment', validation: 'dev' },
    );
    expect(files.map((f) => f.path)).not.toContain('tracemap/views.ts');
    expect(compile(files)).toEqual([]);
  });

  const { files } = generateTypeScript(plan, { destination: 'segment', validation: 'none' });
  const withApp = (app: string) =>
    compile([...files, { path: 'app.ts', content: app }]).filter((d) => d.startsWith('app.ts'));

  it('accepts a correct call through a view helper and directly', () => {
    const app = [
      "import { configure, onView, trackCouponApplied } from './tracemap';",
      'declare const analytics: import("./tracemap").Client;',
      "configure({ client: analytics, system: { platform: 'web', app_version: '1.2.3' } });",
      "onView.checkoutPayment({ page_name: 'Payment', page_type: 'checkout', checkout_step: 3, checkout_step_name: 'payment' })",
      "  .trackCouponApplied({ cart_id: 'c1', coupon: 'SPRING', discount: 5 });",
      "trackCouponApplied({ cart_id: 'c1', coupon: 'SPRING', discount: 5, page_name: 'Cart', page_type: 'cart' });",
      "onView.account({ page_name: 'Account', page_type: 'account' }).trackSignedOut();",
    ].join('\n');
    expect(withApp(app)).toEqual([]);
  });

  it('refuses a value outside an enum, a missing required property, an unknown one and a write to a readonly one', () => {
    const app = [
      "import { trackCartViewed, type CartViewedProperties } from './tracemap';",
      "trackCartViewed({ cart_id: 'c1', currency: 'JPY', page_name: 'Cart', page_type: 'cart', products: [] });",
      "trackCartViewed({ currency: 'EUR', page_name: 'Cart', page_type: 'cart', products: [] });",
      "trackCartViewed({ cart_id: 'c1', currency: 'EUR', page_name: 'Cart', page_type: 'cart', products: [], colour: 'red' });",
      "declare const p: CartViewedProperties; p.cart_id = 'c2';",
    ].join('\n');
    const problems = withApp(app);
    expect(problems.map((p) => p.slice(0, p.indexOf(')') + 1))).toEqual([
      'app.ts(2)',
      'app.ts(3)',
      'app.ts(4)',
      'app.ts(5)',
    ]);
    expect(problems[0]).toContain('"JPY"');
    expect(problems[1]).toContain('cart_id');
    expect(problems[2]).toContain('colour');
    expect(problems[3]).toContain('read-only');
  });
});
