import { matchEvent, matchView } from '../../src/matching';
import { events, plan, views } from '../findings/shop-plan';

describe('matchEvent', () => {
  it('matches the exact name first, then the folded name', () => {
    expect(matchEvent('Order Completed', 'track', plan)).toMatchObject({ how: 'exact', event: events.orderCompleted });
    expect(matchEvent('order-completed', 'track', plan)).toMatchObject({ how: 'folded', event: events.orderCompleted });
  });

  it('then a name mapping, one for the same source winning over one for every source', () => {
    const mappings = [
      { observedName: 'purchase', eventId: events.productViewed.id },
      { sourceId: 'ga4', observedName: 'purchase', eventId: events.orderCompleted.id },
    ];
    expect(matchEvent('purchase', 'track', plan, mappings, { sourceId: 'ga4' })).toMatchObject({
      how: 'mapping',
      event: events.orderCompleted,
    });
    expect(matchEvent('purchase', 'track', plan, mappings, { sourceId: 'web' }).event).toBe(events.productViewed);
    expect(matchEvent('purchase', 'track', plan, [{ observedName: 'purchase', eventId: 'gone' }]).how).toBe('none');
  });

  it('offers a name one edit or a plural away only as a suggestion', () => {
    expect(matchEvent('Order Complete', 'track', plan)).toEqual({
      how: 'none',
      event: null,
      view: null,
      similar: events.orderCompleted,
    });
    expect(matchEvent('Orders Completed', 'track', plan).similar).toBe(events.orderCompleted);
    expect(matchEvent('Chat Opened', 'track', plan).similar).toBeNull();
  });

  it('takes identify and group calls as the plan event of their kind, whatever the pipe names them', () => {
    expect(matchEvent('identify', 'identify', plan)).toMatchObject({ how: 'kind', event: events.identify });
    expect(matchEvent('group', 'group', plan).how).toBe('none');
  });

  it('recognises page and screen events by their view: URL pattern (most literal first) or view name', () => {
    expect(matchEvent('page_view', 'page', plan, [], { view: '/checkout/review' })).toMatchObject({
      how: 'view',
      view: views.review,
      event: events.pageViewed,
    });
    expect(matchEvent('page_view', 'page', plan, [], { view: '/checkout/payment' }).view).toBe(views.checkout);
    expect(matchEvent('Account', 'screen', plan)).toMatchObject({ how: 'view', view: views.account });
    expect(matchEvent('page_view', 'page', plan, [], { view: '/unknown' }).how).toBe('none');
    // A track event is never matched by a view's name.
    expect(matchEvent('Account', 'track', plan).how).toBe('none');
  });
});

describe('matchView', () => {
  it('matches paths against URL patterns segment by segment, ignoring case, query and id placeholders', () => {
    expect(matchView('/CHECKOUT/Shipping', plan)).toBe(views.checkout);
    expect(matchView('https://shop.test/checkout/:id?step=2', plan)).toBe(views.checkout);
    expect(matchView('/checkout', plan)).toBeNull();
    expect(matchView('/checkout/a/b', plan)).toBeNull();
    expect(matchView('/', plan)).toBe(views.home);
    expect(matchView('home', plan)).toBe(views.home);
  });
});
