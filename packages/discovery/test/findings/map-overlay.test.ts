import {
  adaptRecord,
  examplePlanSnapshot,
  exampleUnmappedTransitions,
  generateExampleTraffic,
  mapOverlay,
  createProfileBuilder,
} from '../../src';
import { observed, profileOf } from './plan-fixture';
import { plan, views } from './shop-plan';

describe('mapOverlay', () => {
  it('gives each view of the map its coverage and visits, and the moves between its views', () => {
    const page = (url: string, session: string, time: number) =>
      observed('Page Viewed', {}, { kind: 'page', url: `https://shop.test${url}`, session, time });
    const profile = profileOf([
      [page('/', 's1', 1), 1],
      [page('/checkout/shipping', 's1', 2), 1],
      [page('/checkout/review', 's1', 3), 1],
      [page('/', 's2', 4), 1],
      [page('/checkout/payment', 's2', 5), 1],
      [page('/account', 's2', 6), 1],
      [observed('Checkout Started', { page_type: 'checkout' }), 2],
    ]);
    const overlay = mapOverlay(profile, plan, plan.maps[0].id)!;
    expect(overlay.planVersion).toBe('v1');
    expect(overlay.views).toEqual([
      // Home: Products Searched, Product Viewed, Page Viewed; only its page view was seen.
      { viewId: views.home.id, plannedEvents: 3, observedEvents: 1, coverage: 0.3333, level: 'partial', visits: 2 },
      { viewId: views.checkout.id, plannedEvents: 4, observedEvents: 2, coverage: 0.5, level: 'partial', visits: 2 },
      { viewId: views.review.id, plannedEvents: 1, observedEvents: 1, coverage: 1, level: 'full', visits: 1 },
    ]);
    // The account view is on no map: the move to it is left out.
    expect(overlay.transitions).toEqual([
      { from: views.home.id, to: views.checkout.id, count: 2, onMap: false },
      { from: views.checkout.id, to: views.review.id, count: 1, onMap: false },
    ]);
    expect(mapOverlay(profile, plan, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('shows the example traffic following the map except for the edge it skips', () => {
    const plan = examplePlanSnapshot();
    const builder = createProfileBuilder();
    for (const record of generateExampleTraffic({ seed: 3, events: 6000, format: 'segment' }))
      for (const event of adaptRecord('segment', record, 'example').events) builder.add(event);
    const overlay = mapOverlay(builder.drain(), plan, plan.maps[0].id)!;
    const name = (id: string) => plan.views.find((v) => v.id === id)!.name;
    const offMap = overlay.transitions.filter((t) => !t.onMap).map((t) => ({ from: name(t.from), to: name(t.to) }));
    expect(offMap).toEqual(exampleUnmappedTransitions());
    expect(overlay.transitions.filter((t) => t.onMap).length).toBeGreaterThan(5);
    expect(overlay.views.every((v) => v.visits > 0)).toBe(true);
  });
});
