import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Attribute, NativePlan } from '@tracemap/contracts';
import { lintPlan } from '../src/lint';
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
    const scopes = new Set(plan.attributes.map((a) => a.scope));
    expect([...scopes].sort()).toEqual(['event', 'system', 'user', 'view']);
  });

  it('marks personal data', () => {
    const pii = plan.attributes.filter((a) => a.pii).map((a) => a.name).sort();
    expect(pii).toEqual(['email', 'first_name', 'last_name', 'phone_number']);
  });

  it('is lint-clean: no errors and no warnings', () => {
    const findings = lintPlan({ ...plan, settings });
    expect(findings).toEqual([]);
  });

  it('uses inheritance: an event on the checkout views gets system, view and its own attributes', () => {
    const attributesById = new Map<string, Attribute>(plan.attributes.map((a) => [a.id, { ...a, ...stamps }]));
    const event = plan.events.find((e) => e.name === 'Checkout Step Viewed')!;
    const views = plan.views.filter((v) => v.events.some((on) => on.eventId === event.id));
    expect(views.map((v) => v.name).sort()).toEqual(['Checkout Delivery', 'Checkout Payment', 'Checkout Review', 'Checkout Shipping']);
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
});
