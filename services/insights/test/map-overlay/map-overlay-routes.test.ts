import { randomUUID } from 'node:crypto';
import type { MapOverlay } from '@tracemap/contracts';
import { judgeCompany } from '../../src/discovery/judge-company';
import {
  observed,
  planEvent,
  planMap,
  planView,
  profileEvents,
  session,
  snapshot,
} from '../triage/support/plan-fixture';
import { startTriageWorld, type TriageWorld } from '../triage/support/triage-world';

let world: TriageWorld;
beforeAll(async () => {
  world = await startTriageWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('map overlay', () => {
  it('answers coverage per view and the observed moves between its views, flagging those the map lacks', async () => {
    const productViewed = planEvent('Product Viewed');
    const addedToCart = planEvent('Product Added');
    const cartViewed = planEvent('Cart Viewed');
    const checkoutStarted = planEvent('Checkout Started');
    const orderCompleted = planEvent('Order Completed');
    const home = planView('Home', '/', []);
    const product = planView('Product', '/products/:id', [productViewed, addedToCart]);
    const cart = planView('Cart', '/cart', [cartViewed]);
    const checkout = planView('Checkout', '/checkout', [checkoutStarted, orderCompleted]);
    const elsewhere = planView('Account', '/account', []);
    const map = planMap(
      [home, product, cart, checkout],
      [
        [home, product],
        [product, cart],
        [cart, checkout],
      ],
    );
    const { companyId, viewer } = await world.company((id) =>
      snapshot(id, {
        events: [productViewed, addedToCart, cartViewed, checkoutStarted, orderCompleted],
        views: [home, product, cart, checkout, elsewhere],
        maps: [map],
      }),
    );
    await profileEvents(world.h.deps.db, companyId, [
      ...session('s1', ['/', '/products/12345', '/cart', '/checkout']),
      ...session('s2', ['/', '/cart', '/checkout']),
      ...session('s3', ['/', '/cart', '/account']),
      observed('Product Viewed', {}),
      observed('Product Added', {}),
      observed('Cart Viewed', {}),
      observed('Checkout Started', {}),
    ]);
    await judgeCompany(world.h.deps, companyId);

    const response = await world.h.call(viewer, {
      method: 'GET',
      url: `/api/insights/${companyId}/discovery/maps/${map.id}/overlay`,
    });
    expect(response.statusCode).toBe(200);
    const overlay: MapOverlay = response.json();
    const byView = Object.fromEntries(overlay.views.map((v) => [v.viewId, v]));
    expect(byView[home.id]).toMatchObject({ plannedEvents: 0, observedEvents: 0, level: 'none', visits: 3 });
    expect(byView[product.id]).toMatchObject({
      plannedEvents: 2,
      observedEvents: 2,
      coverage: 1,
      level: 'full',
      visits: 1,
    });
    expect(byView[cart.id]).toMatchObject({ plannedEvents: 1, observedEvents: 1, level: 'full', visits: 3 });
    expect(byView[checkout.id]).toMatchObject({
      plannedEvents: 2,
      observedEvents: 1,
      coverage: 0.5,
      level: 'partial',
      visits: 2,
    });
    expect(overlay.views).toHaveLength(4);
    // The move to a view off the map (Account) is not part of the map's overlay.
    expect(overlay.transitions).toEqual(
      [
        { from: cart.id, to: checkout.id, count: 2, onMap: true },
        { from: home.id, to: cart.id, count: 2, onMap: false },
        ...[
          { from: home.id, to: product.id, count: 1, onMap: true },
          { from: product.id, to: cart.id, count: 1, onMap: true },
        ].sort((a, b) => (a.from + a.to < b.from + b.to ? -1 : 1)),
      ].sort((a, b) => b.count - a.count || (a.from + a.to < b.from + b.to ? -1 : 1)),
    );
  });

  it('answers 404 for a map the plan does not have and for another company', async () => {
    const view = planView('Home', '/', []);
    const map = planMap([view], []);
    const { companyId, viewer } = await world.company((id) => snapshot(id, { views: [view], maps: [map] }));
    const unknown = await world.h.call(viewer, {
      method: 'GET',
      url: `/api/insights/${companyId}/discovery/maps/${randomUUID()}/overlay`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('map_not_found');
    const other = await world.company((id) => snapshot(id, {}));
    const foreign = await world.h.call(other.viewer, {
      method: 'GET',
      url: `/api/insights/${companyId}/discovery/maps/${map.id}/overlay`,
    });
    expect(foreign.statusCode).toBe(404);
    // An empty profile: every view uncovered, no moves.
    const empty = await world.h.call(viewer, {
      method: 'GET',
      url: `/api/insights/${companyId}/discovery/maps/${map.id}/overlay`,
    });
    expect(empty.json()).toMatchObject({ views: [{ viewId: view.id, level: 'none', visits: 0 }], transitions: [] });
  });
});
