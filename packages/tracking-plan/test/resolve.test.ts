import type { Attribute, AttributeLink } from '@tracemap/contracts';
import {
  effectiveAttributesResolver,
  resolveEffectiveAttributes,
  type LinkHolder,
  type ResolveInput,
} from '../src/resolve';
import { attribute, byId, optional, required, uuid } from './builders';

const platform = attribute('platform', { scope: 'system' });
const sessionId = attribute('session_id', { scope: 'system' });
const pageName = attribute('page_name', { scope: 'view' });
const step = attribute('checkout_step', {
  scope: 'view',
  type: 'integer',
  validation: { kind: 'range', min: 1, max: 5 },
});
const orderId = attribute('order_id');
const coupon = attribute('coupon');
const all = [platform, sessionId, pageName, step, orderId, coupon];

const holder = (name: string, attributes: AttributeLink[]): LinkHolder => ({ id: uuid(), name, attributes });

/** Resolves one event, and checks the resolver code generation shares across events agrees. */
function resolve(fields: Partial<ResolveInput> & { links?: AttributeLink[]; extra?: Attribute[] }) {
  const { links = [], extra = [], ...rest } = fields;
  const input: ResolveInput = {
    event: { id: uuid(), attributes: links },
    attributesById: byId([...all, ...extra]),
    attributeInheritance: true,
    systemAttributes: [platform, sessionId],
    views: [],
    maps: [],
    ...rest,
  };
  const result = resolveEffectiveAttributes(input);
  expect(effectiveAttributesResolver(input)(input.event, input.views, input.maps)).toEqual(result.attributes);
  return result;
}
const summary = (result: ReturnType<typeof resolve>) =>
  result.attributes.map((e) => `${e.attribute.name}:${e.presence}:${e.layer}`);

describe('resolveEffectiveAttributes', () => {
  it('merges system → maps → views → the event’s own links', () => {
    const result = resolve({
      links: [required(orderId)],
      views: [holder('Checkout', [required(step)])],
      maps: [holder('Purchase funnel', [optional(pageName)])],
    });
    expect(summary(result)).toEqual([
      'checkout_step:required:view',
      'order_id:required:event',
      'page_name:optional:map',
      'platform:optional:system',
      'session_id:optional:system',
    ]);
    expect(result.problems).toEqual([]);
  });

  it('with inheritance off, only the event’s own links count', () => {
    const result = resolve({
      attributeInheritance: false,
      links: [optional(coupon)],
      views: [holder('Cart', [required(pageName)])],
    });
    expect(summary(result)).toEqual(['coupon:optional:event']);
  });

  it('merges layers by attribute: one entry with every source', () => {
    const view = holder('Cart', [optional(pageName)]);
    const result = resolve({ links: [optional(pageName)], views: [view] });
    const entry = result.attributes.find((e) => e.attribute.id === pageName.id)!;
    expect(entry.layer).toBe('event');
    expect(entry.sources).toEqual([
      { layer: 'view', id: view.id, name: 'Cart', presence: 'optional' },
      { layer: 'event', id: expect.any(String), presence: 'optional' },
    ]);
  });

  it('a more specific layer may tighten presence', () => {
    const result = resolve({ links: [required(platform)] });
    expect(result.attributes.find((e) => e.attribute.id === platform.id)?.presence).toBe('required');
  });

  it('a more specific layer does not loosen presence', () => {
    const result = resolve({ links: [optional(step)], views: [holder('Checkout', [required(step)])] });
    expect(result.attributes.find((e) => e.attribute.id === step.id)?.presence).toBe('required');
  });

  it('a more specific layer may narrow validation', () => {
    const result = resolve({
      links: [required(step, { kind: 'range', min: 2, max: 3 })],
      views: [holder('Checkout', [required(step)])],
    });
    expect(result.attributes.find((e) => e.attribute.id === step.id)?.validation).toEqual({
      kind: 'range',
      min: 2,
      max: 3,
    });
    expect(result.problems).toEqual([]);
  });

  it('an override that widens is a problem and is not applied', () => {
    const result = resolve({ links: [required(step, { kind: 'range', min: 0, max: 3 })] });
    expect(result.attributes.find((e) => e.attribute.id === step.id)?.validation).toEqual({
      kind: 'range',
      min: 1,
      max: 5,
    });
    expect(result.problems).toEqual([
      {
        attributeId: step.id,
        message: '“checkout_step” on the event layer: The minimum 0 is below the attribute’s minimum 1.',
      },
    ]);
  });

  it('a more specific layer may not change the type: a problem, and the more specific link wins', () => {
    const eventStep = attribute('checkoutStep', { type: 'string' });
    const result = resolve({
      extra: [eventStep],
      links: [optional(eventStep)],
      views: [holder('Checkout', [required(step)])],
    });
    const entries = result.attributes.filter((e) => e.attribute.name.toLowerCase().startsWith('checkout'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ attribute: { id: eventStep.id }, presence: 'optional', layer: 'event' });
    expect(result.problems).toEqual([
      {
        attributeId: eventStep.id,
        message: expect.stringContaining('“checkoutStep” is string on the event layer but integer on the view layer'),
      },
    ]);
  });

  it('an event on several views inherits the union of their view attributes', () => {
    const result = resolve({ views: [holder('Cart', [optional(pageName)]), holder('Checkout', [optional(step)])] });
    expect(summary(result)).toEqual([
      'checkout_step:optional:view',
      'page_name:optional:view',
      'platform:optional:system',
      'session_id:optional:system',
    ]);
  });

  it('an inherited view attribute is required only if required on every view', () => {
    const both = resolve({ views: [holder('Cart', [required(pageName)]), holder('Checkout', [required(pageName)])] });
    expect(both.attributes.find((e) => e.attribute.id === pageName.id)?.presence).toBe('required');
    const one = resolve({ views: [holder('Cart', [required(pageName)]), holder('Checkout', [optional(pageName)])] });
    expect(one.attributes.find((e) => e.attribute.id === pageName.id)?.presence).toBe('optional');
  });

  it('an attribute missing on one of the views counts as not required there', () => {
    const result = resolve({ views: [holder('Cart', [required(pageName)]), holder('Checkout', [])] });
    expect(result.attributes.find((e) => e.attribute.id === pageName.id)?.presence).toBe('optional');
  });

  it('applies a view override only when every view that links the attribute agrees', () => {
    const narrow = { kind: 'range' as const, min: 1, max: 2 };
    const same = resolve({ views: [holder('A', [required(step, narrow)]), holder('B', [required(step, narrow)])] });
    expect(same.attributes.find((e) => e.attribute.id === step.id)?.validation).toEqual(narrow);
    const differ = resolve({ views: [holder('A', [required(step, narrow)]), holder('B', [required(step)])] });
    expect(differ.attributes.find((e) => e.attribute.id === step.id)?.validation).toEqual(step.validation);
  });

  it('maps follow the same rule as views', () => {
    const result = resolve({
      maps: [holder('Funnel', [required(pageName)]), holder('Onboarding', [optional(pageName)])],
    });
    const entry = result.attributes.find((e) => e.attribute.id === pageName.id)!;
    expect(entry).toMatchObject({ presence: 'optional', layer: 'map' });
    expect(entry.sources.map((s) => s.name)).toEqual(['Funnel', 'Onboarding']);
  });

  it('system attributes are optional unless a link says otherwise', () => {
    const result = resolve({});
    expect(summary(result)).toEqual(['platform:optional:system', 'session_id:optional:system']);
    expect(result.attributes[0].sources).toEqual([{ layer: 'system', presence: 'optional' }]);
  });

  it('every effective attribute names its most specific layer and all its sources', () => {
    const map = holder('Funnel', [optional(platform)]);
    const view = holder('Checkout', [optional(platform)]);
    const result = resolve({ maps: [map], views: [view], links: [required(platform)] });
    const entry = result.attributes.find((e) => e.attribute.id === platform.id)!;
    expect(entry.layer).toBe('event');
    expect(entry.sources.map((s) => `${s.layer}:${s.name ?? ''}:${s.presence}`)).toEqual([
      'system::optional',
      'map:Funnel:optional',
      'view:Checkout:optional',
      'event::required',
    ]);
  });

  it('user and group attributes never attach to events: skipped and reported', () => {
    const email = attribute('email', { scope: 'user' });
    const plan = attribute('plan', { scope: 'group' });
    const result = resolve({
      extra: [email, plan],
      links: [required(email)],
      views: [holder('Account', [optional(plan)])],
    });
    expect(result.attributes.map((e) => e.attribute.name)).toEqual(['platform', 'session_id']);
    expect(result.problems.map((p) => p.attributeId).sort()).toEqual([email.id, plan.id].sort());
    expect(result.problems.find((p) => p.attributeId === email.id)?.message).toBe(
      '“email” is a user attribute; user attributes never attach to events, so its link on the event is ignored.',
    );
  });

  it('archived attributes are skipped, also when linked', () => {
    const old = attribute('legacy_id', { status: 'archived' });
    const oldSystem = attribute('legacy_platform', { scope: 'system', status: 'archived' });
    const result = resolve({
      extra: [old, oldSystem],
      links: [required(old)],
      systemAttributes: [platform, oldSystem],
    });
    expect(result.attributes.map((e) => e.attribute.name)).toEqual(['platform']);
    expect(result.problems).toEqual([]);
  });

  it('reports links to attributes that do not exist', () => {
    const result = resolve({ links: [{ attributeId: uuid(), presence: 'required' }] });
    expect(result.problems[0].message).toBe('An attribute linked on the event does not exist.');
  });

  it('sorts required first, then by name', () => {
    const result = resolve({ links: [required(orderId), optional(coupon), required(pageName)] });
    expect(summary(result)).toEqual([
      'order_id:required:event',
      'page_name:required:event',
      'coupon:optional:event',
      'platform:optional:system',
      'session_id:optional:system',
    ]);
  });

  it('counts a link listed twice once, required if either copy is', () => {
    const result = resolve({ attributeInheritance: false, links: [optional(coupon), required(coupon)] });
    expect(summary(result)).toEqual(['coupon:required:event']);
    expect(result.attributes[0].sources).toHaveLength(1);
  });

  it('a resolver shared by events of the same views gives each event what resolving it alone gives', () => {
    const narrow = { kind: 'range' as const, min: 2, max: 3 };
    const views = [holder('Cart', [required(pageName), optional(step)]), holder('Checkout', [required(step)])];
    const maps = [holder('Funnel', [required(platform)])];
    const input = {
      attributesById: byId(all),
      attributeInheritance: true,
      systemAttributes: [platform, sessionId],
    };
    const shared = effectiveAttributesResolver(input);
    const events = [
      { id: uuid(), attributes: [required(orderId)] },
      { id: uuid(), attributes: [optional(pageName), required(step, narrow)] },
      { id: uuid(), attributes: [] },
      { id: uuid(), attributes: [required(sessionId), optional(coupon), required(coupon)] },
    ];
    for (const event of [...events, ...events]) {
      const alone = resolveEffectiveAttributes({ ...input, event, views, maps });
      expect(shared(event, views, maps)).toEqual(alone.attributes);
      expect(shared(event, [views[1]], [])).toEqual(
        resolveEffectiveAttributes({ ...input, event, views: [views[1]], maps: [] }).attributes,
      );
    }
  });
});
