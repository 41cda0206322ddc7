import { Value } from '@sinclair/typebox/value';
import { PlanSnapshotSchema } from '@tracemap/contracts';
import { ensureContractFormats, samplePlans } from '@tracemap/tracking-plan';
import { exampleTruth, exampleUnmappedTransitions, examplePlanSnapshot, planSnapshotOf } from '../../src';

const plan = examplePlanSnapshot();
const eventId = (name: string) => plan.events.find((e) => e.name === name)!.id;
const key = (f: { type: string; subject: { event: string; property?: string } }) =>
  `${f.type} ${f.subject.event}${f.subject.property ? `.${f.subject.property}` : ''}`;

describe('the example plan and the truth of example traffic', () => {
  it('is a plan snapshot as the company service answers it, with one event deprecated and a view added', () => {
    ensureContractFormats();
    expect(Value.Errors(PlanSnapshotSchema, plan).First()).toBeUndefined();
    expect(plan.events.filter((e) => e.status === 'deprecated').map((e) => e.name)).toEqual(['Signed Out']);
    expect(plan.views).toHaveLength(samplePlans.ecommerce.views.length + 1);
    expect(plan.events.find((e) => e.name === 'Store Searched')!.effective.length).toBeGreaterThan(1);
    const added = plan.events.find((e) => e.name === 'Product Added')!;
    const pageName = plan.attributes.find((a) => a.name === 'page_name')!;
    expect(added.effective.find((e) => e.attributeId === pageName.id)).toMatchObject({
      layer: 'view',
      presence: 'required',
    });
  });

  it('names every injected defect with its type, subject and layer', () => {
    const truth = exampleTruth({ seed: 1, format: 'segment' });
    expect(truth.map(key).sort()).toEqual(
      [
        'deprecated_still_firing Signed Out',
        'view_coverage Store Locator',
        'planned_not_seen Store Searched',
        'similar_name Coupon Aplied',
        'unplanned_event Coupon Aplied',
        'type_mismatch Product Removed.quantity',
        'volume_shift Promotion Viewed',
        'source_gap Promotion Clicked',
        'enum_violation Payment Info Entered.payment_method',
        'missing_required Checkout Started.revenue',
        'name_case productViewed',
        'pattern_violation Order Completed.order_id',
        'pii_suspect Products Searched.search_query',
        'planned_not_seen Order Refunded',
        'type_inconsistent Product Added.price',
        'unplanned_event Chat Opened',
        'unplanned_event product_viewed_v2',
        'unplanned_property Cart Viewed.cart_size',
      ].sort(),
    );
    const byKey = new Map(truth.map((f) => [key(f), f]));
    expect(byKey.get('type_inconsistent Product Added.price')).toEqual({
      type: 'type_inconsistent',
      subject: { event: 'Product Added', property: 'price' },
      layer: { layer: 'event', id: eventId('Product Added'), name: 'Product Added' },
      appVersion: '5.2.0',
    });
    expect(byKey.get('name_case productViewed')!.layer).toEqual({
      layer: 'event',
      id: eventId('Product Viewed'),
      name: 'Product Viewed',
    });
    expect(byKey.get('missing_required Checkout Started.revenue')!.rate).toBe(0.2);
    expect(byKey.get('similar_name Coupon Aplied')!.layer).toEqual({
      layer: 'event',
      id: eventId('Coupon Applied'),
      name: 'Coupon Applied',
    });
    expect(byKey.get('volume_shift Promotion Viewed')!.appVersion).toBe('5.2.0');
    const storeLocator = plan.views.find((v) => v.name === 'Store Locator')!;
    expect(byKey.get('view_coverage Store Locator')!.layer).toEqual({
      layer: 'view',
      id: storeLocator.id,
      name: 'Store Locator',
    });
    expect(byKey.get('unplanned_event Chat Opened')!.layer).toBeUndefined();
  });

  it('adds what a format cannot carry (arrays in GA4 parameters), but nothing for a pipe without identify calls', () => {
    expect(exampleTruth({ format: 'snowplow' })).toEqual(exampleTruth({ format: 'segment' }));
    const ga4 = exampleTruth({ format: 'ga4-bigquery' });
    const arrays = ga4.filter((f) => f.type === 'missing_required' && f.rate === 1).map(key);
    expect(arrays.sort()).toEqual(
      [
        'missing_required Cart Viewed.products',
        'missing_required Checkout Started.products',
        'missing_required Order Completed.products',
        'missing_required Product List Filtered.filters',
        'missing_required Product List Viewed.products',
      ].sort(),
    );
  });

  it('follows the plan it is given: no deprecated event in the plain sample', () => {
    const sample = planSnapshotOf(samplePlans.ecommerce);
    const types = exampleTruth({ plan: sample }).map((f) => f.type);
    expect(types).not.toContain('deprecated_still_firing');
    expect(types).not.toContain('view_coverage');
    expect(exampleTruth(7)).toEqual(exampleTruth({}));
    expect(exampleTruth(7, { format: 'ga4-bigquery' })).toEqual(exampleTruth({ seed: 7, format: 'ga4-bigquery' }));
  });

  it('names the transition the traffic makes that no map has', () => {
    expect(exampleUnmappedTransitions()).toEqual([{ from: 'Cart', to: 'Checkout Payment' }]);
  });
});
