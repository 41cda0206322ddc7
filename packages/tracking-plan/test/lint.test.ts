import { DEFAULT_LINT_SEVERITIES, lintPlan, looksLikePersonalData, type LintInput } from '../src/lint';
import { attribute, event, optional, required, view } from './builders';
import { plan, rulesOf, settings } from './lint-plan';

describe('DEFAULT_LINT_SEVERITIES', () => {
  it('blocks saving on unique names, types, overrides, regexes and enums; warns on the rest', () => {
    const errors = Object.entries(DEFAULT_LINT_SEVERITIES)
      .filter(([, s]) => s === 'error')
      .map(([r]) => r);
    expect(errors.sort()).toEqual([
      'consistent-type',
      'narrowing-override',
      'portable-regex',
      'unique-name',
      'valid-enum',
    ]);
  });
});

describe('lintPlan', () => {
  it('finds nothing in a clean plan', () => {
    expect(lintPlan(plan([attribute('order_id')], [event('Order Completed')]))).toEqual([]);
  });

  it('unique-name: attribute names clash after folding within one scope, not across scopes', () => {
    const a = attribute('order_id');
    const b = attribute('orderId');
    const user = attribute('order_id', { scope: 'user' });
    const findings = rulesOf(
      lintPlan({ ...plan([a, b, user]), settings: { ...settings, attributeNameCase: 'any' } }),
      'unique-name',
    );
    expect(findings.map((f) => f.entityId).sort()).toEqual([a.id, b.id].sort());
    expect(findings.find((f) => f.entityId === b.id)).toEqual({
      rule: 'unique-name',
      severity: 'error',
      entityKind: 'attribute',
      entityId: b.id,
      entityName: 'orderId',
      field: 'name',
      message:
        'Attribute “orderId” has the same name as “order_id” in the event scope once case and separators are ignored.',
    });
  });

  it('unique-name: events and views too', () => {
    const findings = lintPlan(
      plan([], [event('Order Completed'), event('order completed')], [view('Cart'), view('cart')]),
    );
    expect(
      rulesOf(findings, 'unique-name')
        .map((f) => `${f.entityKind}:${f.entityName}`)
        .sort(),
    ).toEqual(['event:Order Completed', 'event:order completed', 'view:Cart', 'view:cart']);
  });

  it('similar-name: one edit apart or a plural, as a warning', () => {
    const findings = rulesOf(
      lintPlan(plan([attribute('product_id'), attribute('product_ids'), attribute('category'), attribute('catgory')])),
      'similar-name',
    );
    expect(findings.map((f) => f.message)).toEqual([
      'Attribute “product_id” is very close to “product_ids”; is it the same thing?',
      'Attribute “product_ids” is very close to “product_id”; is it the same thing?',
      'Attribute “category” is very close to “catgory”; is it the same thing?',
      'Attribute “catgory” is very close to “category”; is it the same thing?',
    ]);
    expect(findings.every((f) => f.severity === 'warning')).toBe(true);
  });

  it('naming-case: events and attributes follow the company’s cases, with a suggestion', () => {
    const findings = rulesOf(lintPlan(plan([attribute('orderId')], [event('order_completed')])), 'naming-case');
    expect(findings.map((f) => f.message)).toEqual([
      'Attribute “orderId” does not follow the company’s snake_case naming, e.g. “order_id”.',
      'Event “order_completed” does not follow the company’s Title Case naming, e.g. “Order Completed”.',
    ]);
  });

  it('naming-case: any accepts every name', () => {
    const input = {
      ...plan([attribute('Order-ID')], [event('order_completed')]),
      settings: { eventNameCase: 'any', attributeNameCase: 'any' },
    } as LintInput;
    expect(rulesOf(lintPlan(input), 'naming-case')).toEqual([]);
  });

  it('description: events and attributes need one', () => {
    const findings = rulesOf(
      lintPlan(plan([attribute('order_id', { description: ' ' })], [event('Order Completed', { description: '' })])),
      'description',
    );
    expect(findings.map((f) => f.message)).toEqual([
      'Attribute “order_id” has no description.',
      'Event “Order Completed” has no description.',
    ]);
    expect(findings[0].field).toBe('description');
  });

  it('consistent-type: one name, one type across scopes', () => {
    const price = attribute('price', { type: 'number' });
    const userPrice = attribute('price', { scope: 'user', type: 'string' });
    const findings = rulesOf(lintPlan(plan([price, userPrice])), 'consistent-type');
    expect(findings.map((f) => f.message)).toEqual([
      'Attribute “price” is number here but string as “price” (user scope); one name should have one type everywhere.',
      'Attribute “price” is string here but number as “price” (event scope); one name should have one type everywhere.',
    ]);
  });

  it('consistent-type: a validation that does not fit the type', () => {
    const findings = lintPlan(plan([attribute('coupon', { validation: { kind: 'range', min: 1 } })]));
    expect(rulesOf(findings, 'consistent-type').map((f) => f.message)).toEqual([
      'Attribute “coupon”: A range validation does not apply to a string.',
    ]);
  });

  it('narrowing-override: an override that widens the attribute’s validation', () => {
    const step = attribute('step', { type: 'integer', validation: { kind: 'range', min: 1, max: 5 } });
    const e = event('Checkout Step Viewed', { attributes: [required(step, { kind: 'range', min: 1, max: 9 })] });
    const findings = rulesOf(lintPlan(plan([step], [e])), 'narrowing-override');
    expect(findings).toEqual([
      expect.objectContaining({
        entityKind: 'event',
        entityId: e.id,
        severity: 'error',
        message: 'Event “Checkout Step Viewed”, override of “step”: The maximum 9 is above the attribute’s maximum 5.',
      }),
    ]);
  });

  it('portable-regex: patterns compile and avoid lookaround and backreferences', () => {
    const broken = attribute('sku', { validation: { kind: 'regex', pattern: '([A-Z' } });
    const lookahead = attribute('code', { validation: { kind: 'regex', pattern: '^(?!x)[a-z]+$' } });
    const fine = attribute('currency', { validation: { kind: 'regex', pattern: '^[A-Z]{3}$' } });
    const hostile = attribute('nested', { validation: { kind: 'regex', pattern: '(a+)+$' } });
    const findings = rulesOf(lintPlan(plan([broken, lookahead, fine, hostile])), 'portable-regex');
    expect(findings.map((f) => f.entityName)).toEqual(['sku', 'code']);
    expect(findings[1].message).toBe(
      'Attribute “code”: The pattern "^(?!x)[a-z]+$" uses lookaround, which RE2 syntax does not support.',
    );
  });

  it('valid-enum: values are non-empty and unique', () => {
    const empty = attribute('plan_type', { validation: { kind: 'enum', values: [] } });
    const dup = attribute('tier', { validation: { kind: 'enum', values: ['gold', 'gold'] } });
    const findings = rulesOf(lintPlan(plan([empty, dup])), 'valid-enum');
    expect(findings.map((f) => f.message)).toEqual([
      'Attribute “plan_type”: An enum validation needs at least one value.',
      'Attribute “tier”: The enum value "gold" appears more than once.',
    ]);
  });

  it('required-nullable: a required link to a nullable attribute', () => {
    const coupon = attribute('coupon', { nullable: true });
    const e = event('Order Completed', { attributes: [required(coupon)] });
    const findings = rulesOf(lintPlan(plan([coupon], [e])), 'required-nullable');
    expect(findings.map((f) => f.message)).toEqual([
      'Event “Order Completed” requires “coupon”, which is nullable: it must be sent but may be null.',
    ]);
  });

  it('any-type: attributes of type any and arrays of any', () => {
    const findings = rulesOf(
      lintPlan(plan([attribute('payload', { type: 'any' }), attribute('items', { type: 'array', itemType: 'any' })])),
      'any-type',
    );
    expect(findings.map((f) => f.message)).toEqual([
      'Attribute “payload” has the type any, so nothing checks its values.',
      'Attribute “items” is an array of any, so nothing checks its values.',
    ]);
  });

  it('unused-attribute: event and view attributes no event, view or map links', () => {
    const unused = attribute('unused_thing');
    const onMap = attribute('journey_name', { scope: 'view' });
    const system = attribute('platform', { scope: 'system' });
    const trait = attribute('plan', { scope: 'user' });
    const input: LintInput = {
      attributes: [unused, onMap, system, trait],
      events: [],
      views: [],
      maps: [{ id: 'm', name: 'Funnel', viewIds: [], eventIds: [], attributes: [optional(onMap)] }],
      settings,
    };
    expect(rulesOf(lintPlan(input), 'unused-attribute').map((f) => f.message)).toEqual([
      'Attribute “unused_thing” is not used by any event, view or map.',
    ]);
  });

  it('event-without-view: track, page and screen events should fire somewhere', () => {
    const orphan = event('Orphan Clicked');
    const identify = event('Identify', { kind: 'identify' });
    const input: LintInput = { attributes: [], events: [orphan, identify], views: [], settings };
    expect(rulesOf(lintPlan(input), 'event-without-view').map((f) => f.message)).toEqual([
      'Event “Orphan Clicked” does not fire on any view.',
    ]);
  });

  it('deprecated-on-map: a deprecated event on an edge or on a view of a map', () => {
    const old = event('Old Checkout Started', { status: 'deprecated' });
    const older = event('Old Cart Viewed', { status: 'deprecated' });
    const cart = view('Cart', { events: [{ eventId: older.id }] });
    const input = plan([], [old, older], [cart], {
      maps: [{ id: 'm', name: 'Purchase Funnel', viewIds: [cart.id], eventIds: [old.id] }],
    });
    input.views = [cart, ...input.views];
    expect(rulesOf(lintPlan(input), 'deprecated-on-map').map((f) => f.message)).toEqual([
      'Event “Old Checkout Started” is deprecated but still on map “Purchase Funnel”.',
      'Event “Old Cart Viewed” is deprecated but still on map “Purchase Funnel”.',
    ]);
  });

  it('pii-name: personal-looking names without pii', () => {
    const findings = rulesOf(
      lintPlan(plan([attribute('email'), attribute('phone_number', { pii: true }), attribute('product_name')])),
      'pii-name',
    );
    expect(findings.map((f) => f.message)).toEqual([
      'Attribute “email” looks like personal data but is not marked as PII.',
    ]);
  });

  it('ignores archived entities', () => {
    const archived = attribute('order_id', { status: 'archived', description: '' });
    const live = attribute('order_id');
    const findings = lintPlan(plan([archived, live], [event('bad name', { status: 'archived' })]));
    expect(findings).toEqual([]);
  });

  it('applies company severities: off silences a rule, error raises one', () => {
    const input = {
      ...plan([attribute('email')], [event('order done')]),
      settings: { ...settings, rules: { 'pii-name': 'error', 'naming-case': 'off' } },
    } as LintInput;
    const findings = lintPlan(input);
    expect(findings.map((f) => `${f.rule}:${f.severity}`)).toEqual(['pii-name:error']);
  });
});

describe('looksLikePersonalData', () => {
  it.each([
    'email',
    'emailAddress',
    'phone_number',
    'first_name',
    'lastName',
    'name',
    'shipping_address',
    'date_of_birth',
    'ip_address',
    'customer_name',
  ])('%p looks personal', (name) => expect(looksLikePersonalData(name)).toBe(true));
  it.each([
    'product_name',
    'page_name',
    'event_name',
    'order_id',
    'email_campaign_id_count'.replace('email_', ''),
    'step',
  ])('%p does not', (name) => expect(looksLikePersonalData(name)).toBe(false));
});
