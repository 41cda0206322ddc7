import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Attribute, NativePlan } from '@tracemap/contracts';
import { lintMapOf, lintPlan } from '../src/lint';
import { parseNativePlan, serializeNativePlan } from '../src/native';
import { resolveEffectiveAttributes } from '../src/resolve';
import { samplePlans } from '../src/samples';

const plan: NativePlan = samplePlans.ecommerce;
const settings = { eventNameCase: 'Title Case', attributeNameCase: 'snake_case' } as const;
const stamps = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

describe('samplePlans.ecommerce', () => {
  it('is a valid native file in its stable form', () => {
    const text = readFileSync(join(__dirname, '..', 'samples', 'ecommerce.json'), 'utf8');
    const parsed = parseNativePlan(text);
    expect(parsed.rejected).toEqual([]);
    expect(serializeNativePlan(parsed.plan!)).toBe(text);
  });

  it('has the size of a realistic small shop', () => {
    expect(plan.attributes.length).toBeGreaterThanOrEqual(40);
    expect(plan.events.length).toBeGreaterThanOrEqual(30);
    expect(plan.views.length).toBeGreaterThanOrEqual(12);
    expect(plan.maps).toHaveLength(1);
    const scopes = new Set(plan.attributes.map((a) => a.scope));
    expect([...scopes].sort()).toEqual(['event', 'system', 'user', 'view']);
  });

  it('marks personal data', () => {
    const pii = plan.attributes
      .filter((a) => a.pii)
      .map((a) => a.name)
      .sort();
    expect(pii).toEqual(['email', 'first_name', 'last_name', 'phone_number']);
  });

  it('is lint-clean: no errors and no warnings', () => {
    const maps = (plan.maps ?? []).filter((m) => m.status !== 'archived').map(lintMapOf);
    const findings = lintPlan({ ...plan, maps, settings });
    expect(findings).toEqual([]);
  });

  it('uses inheritance: an event on the checkout views gets system, view and its own attributes', () => {
    const attributesById = new Map<string, Attribute>(plan.attributes.map((a) => [a.id, { ...a, ...stamps }]));
    const event = plan.events.find((e) => e.name === 'Checkout Step Viewed')!;
    const views = plan.views.filter((v) => v.events.some((on) => on.eventId === event.id));
    expect(views.map((v) => v.name).sort()).toEqual([
      'Checkout Delivery',
      'Checkout Payment',
      'Checkout Review',
      'Checkout Shipping',
    ]);
    const { attributes, problems } = resolveEffectiveAttributes({
      event,
      attributesById,
      attributeInheritance: true,
      systemAttributes: [...attributesById.values()].filter((a) => a.scope === 'system'),
      views,
      maps: [],
    });
    expect(problems).toEqual([]);
    const byName = new Map(attributes.map((e) => [e.attribute.name, e]));
    expect(new Set(attributes.map((e) => e.layer))).toEqual(new Set(['system', 'view', 'event']));
    expect(byName.get('cart_id')).toMatchObject({ presence: 'required', layer: 'event' });
    expect(byName.get('platform')).toMatchObject({ presence: 'optional', layer: 'system' });
    // required on every checkout view, so required on the event
    expect(byName.get('checkout_step')).toMatchObject({ presence: 'required', layer: 'view' });
    expect(byName.get('checkout_step')!.sources).toHaveLength(4);
    // each view pins its own step, so across the four views the attribute's range stays
    expect(byName.get('checkout_step')!.validation).toEqual({ kind: 'range', min: 1, max: 4 });
    // all four views agree on the page type, so their override applies
    expect(byName.get('page_type')!.validation).toEqual({ kind: 'const', const: 'checkout' });
  });

  it('has a "Shopping journey" map from Home to the order confirmation over its own views and events', () => {
    const journey = plan.maps![0];
    const viewName = new Map(plan.views.map((v) => [v.id, v.name]));
    const eventName = new Map(plan.events.map((e) => [e.id, e.name]));
    expect(journey.name).toBe('Shopping journey');
    expect(journey.nodes).toHaveLength(12);
    expect(journey.edges).toHaveLength(15);
    expect(journey.edges.filter((e) => e.eventId)).toHaveLength(13);
    for (const node of journey.nodes) expect(viewName.has(node.viewId)).toBe(true);
    const path = [
      'Home',
      'Category',
      'Product Detail',
      'Cart',
      'Checkout Shipping',
      'Checkout Delivery',
      'Checkout Payment',
      'Checkout Review',
      'Order Confirmation',
    ];
    const steps = journey.edges.map(
      (e) => `${viewName.get(e.from)} -> ${viewName.get(e.to)}${e.eventId ? ` [${eventName.get(e.eventId)}]` : ''}`,
    );
    for (let i = 0; i + 1 < path.length; i++)
      expect(steps.some((s) => s.startsWith(`${path[i]} -> ${path[i + 1]}`))).toBe(true);
    expect(steps).toContain('Product Detail -> Cart [Product Added]');
    expect(steps).toContain('Checkout Review -> Order Confirmation [Order Completed]');
    // Read like text (left to right, rows wrapping downwards): every transition moves right or down.
    const at = new Map(journey.nodes.map((n) => [n.viewId, n]));
    const forward = (from: string, to: string) => at.get(to)!.x > at.get(from)!.x || at.get(to)!.y > at.get(from)!.y;
    for (const edge of journey.edges)
      expect([viewName.get(edge.from), viewName.get(edge.to), forward(edge.from, edge.to)]).toEqual([
        viewName.get(edge.from),
        viewName.get(edge.to),
        true,
      ]);
  });
});
