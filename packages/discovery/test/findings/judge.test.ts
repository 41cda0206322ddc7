import { JudgedFindingSchema, ensureContractFormats } from '@tracemap/contracts';
import { Value } from '@sinclair/typebox/value';
import { judge } from '../../src/findings';
import { T0, observed, profileOf } from './plan-fixture';
import { events, judged, ofType, plan, validOrder, views } from './shop-plan';
import { DAY } from './support/time';

describe('judge: event findings', () => {
  it('unplanned_event: a name the plan does not know, one finding with its volume', () => {
    const findings = judged(profileOf([[observed('Chat Opened', { channel: 'widget' }), 12]]));
    const [unplanned] = ofType(findings, 'unplanned_event');
    expect(unplanned).toMatchObject({
      type: 'unplanned_event',
      severity: 'medium',
      layer: { layer: 'event', name: 'Chat Opened' },
      subject: { event: 'Chat Opened' },
      counts: { observed: 12, affected: 12 },
      firstSeen: new Date(T0).toISOString(),
      lastSeen: new Date(T0).toISOString(),
      planVersion: 'v1',
    });
    expect(unplanned.fingerprint).toMatch(/^[0-9a-f]{28}$/);
    // Its properties are not judged one by one: adding the event is the fix.
    expect(ofType(findings, 'unplanned_property')).toEqual([]);
    expect(ofType(findings, 'similar_name')).toEqual([]);
  });

  it('similar_name: one edit away from a planned event is only a suggestion beside the unplanned event', () => {
    const findings = judged(profileOf([[observed('Order Complete', validOrder), 3]]));
    expect(ofType(findings, 'unplanned_event')).toHaveLength(1);
    const [similar] = ofType(findings, 'similar_name');
    expect(similar).toMatchObject({
      subject: { event: 'Order Complete' },
      layer: { layer: 'event', id: events.orderCompleted.id, name: 'Order Completed' },
      details: { suggestion: 'Order Completed', planEventId: events.orderCompleted.id },
    });
    // A suggestion is no match: Order Completed itself was not seen.
    expect(ofType(findings, 'planned_not_seen').map((f) => f.subject.event)).toContain('Order Completed');
  });

  it('name_case: the folded name matches and the exact one does not, unless a mapping accepts the name', () => {
    const profile = profileOf([[observed('order_completed', validOrder), 4]]);
    const [nameCase] = ofType(judged(profile), 'name_case');
    expect(nameCase).toMatchObject({
      severity: 'low',
      subject: { event: 'order_completed' },
      layer: { layer: 'event', id: events.orderCompleted.id },
      counts: { observed: 4, affected: 4 },
      details: { suggestion: 'Order Completed' },
    });
    expect(ofType(judged(profile), 'planned_not_seen').map((f) => f.subject.event)).not.toContain('Order Completed');
    const mapped = judged(profile, [{ observedName: 'order_completed', eventId: events.orderCompleted.id }]);
    expect(ofType(mapped, 'name_case')).toEqual([]);
  });

  it('name_case on a property: a planned attribute in another spelling counts as it and is named apart', () => {
    const { order_id: orderId, ...rest } = validOrder;
    const findings = judged(profileOf([[observed('Order Completed', { ...rest, orderId }), 3]]));
    expect(ofType(findings, 'name_case')).toEqual([
      expect.objectContaining({
        subject: { event: 'Order Completed', property: 'orderId' },
        layer: { layer: 'event', id: events.orderCompleted.id, name: 'Order Completed' },
        details: expect.objectContaining({ suggestion: 'order_id' }),
      }),
    ]);
    expect(ofType(findings, 'missing_required')).toEqual([]);
    expect(ofType(findings, 'unplanned_property')).toEqual([]);
  });

  it('a name mapping makes an observed name the planned event, whose properties are then judged', () => {
    const profile = profileOf([[observed('purchase', { ...validOrder, currency: 'BTC' }), 5]]);
    const findings = judged(profile, [
      { sourceId: 'web', observedName: 'purchase', eventId: events.orderCompleted.id },
    ]);
    expect(ofType(findings, 'unplanned_event')).toEqual([]);
    expect(ofType(findings, 'enum_violation')[0].subject).toEqual({ event: 'Order Completed', property: 'currency' });
    // A mapping for another source does not apply.
    const other = judged(profile, [{ sourceId: 'ios', observedName: 'purchase', eventId: events.orderCompleted.id }]);
    expect(ofType(other, 'unplanned_event')).toHaveLength(1);
  });

  it('deprecated_still_firing: a deprecated event that is still sent', () => {
    const findings = judged(profileOf([[observed('Signed Out', {}), 7]]));
    expect(ofType(findings, 'deprecated_still_firing')).toEqual([
      expect.objectContaining({
        severity: 'medium',
        subject: { event: 'Signed Out' },
        layer: { layer: 'event', id: events.signedOut.id, name: 'Signed Out' },
        counts: { observed: 7, affected: 7 },
        details: expect.objectContaining({ status: 'deprecated' }),
      }),
    ]);
    expect(ofType(findings, 'unplanned_event')).toEqual([]);
  });

  it('planned_not_seen: live and implemented events only, and only when the source had traffic', () => {
    const findings = judged(profileOf([[observed('Order Completed', validOrder), 2]]));
    const unseen = ofType(findings, 'planned_not_seen').map((f) => f.subject.event);
    expect(unseen).toEqual(
      expect.arrayContaining(['Order Refunded', 'Product Viewed', 'Checkout Started', 'Products Searched']),
    );
    expect(unseen).not.toContain('Product Reviewed'); // planned, not built yet
    expect(unseen).not.toContain('Signed Out'); // deprecated
    expect(unseen).not.toContain('Order Completed');
    // No page views and no identify calls in this traffic: the pipe may not carry them.
    expect(unseen).not.toContain('Page Viewed');
    expect(unseen).not.toContain('Identify');
    const refunded = ofType(findings, 'planned_not_seen').find((f) => f.subject.event === 'Order Refunded')!;
    expect(refunded).toMatchObject({
      severity: 'high',
      layer: { layer: 'event', id: events.orderRefunded.id },
      counts: { observed: 0, affected: 0 },
      firstSeen: null,
      lastSeen: null,
    });
    expect(judged(profileOf([]))).toEqual([]);
  });

  it('page views are recognised by their view (URL pattern, most literal first) and count as the page event', () => {
    const profile = profileOf([
      [
        observed(
          'page_view',
          { page_type: 'checkout' },
          { kind: 'page', url: 'https://shop.test/checkout/review?x=1' },
        ),
        2,
      ],
      [observed('page_view', { page_type: 'home' }, { kind: 'page', url: 'https://shop.test/' }), 2],
      [observed('Account', {}, { kind: 'page' }), 1],
    ]);
    const findings = judged(profile);
    expect(ofType(findings, 'unplanned_event')).toEqual([]);
    expect(ofType(findings, 'planned_not_seen').map((f) => f.subject.event)).not.toContain('Page Viewed');
    // Checkout itself (the /checkout/:step pattern) was never the view of a page nor of one of its events.
    expect(ofType(findings, 'view_coverage').map((f) => f.subject.event)).toEqual(['Checkout']);
  });

  it('view_coverage: a view none of whose events was seen, while views were being sent', () => {
    const profile = profileOf([
      [observed('Home', {}, { kind: 'page', url: 'https://shop.test/' }), 3],
      [observed('Checkout Started', { page_type: 'checkout' }), 3],
    ]);
    const coverage = ofType(judged(profile), 'view_coverage');
    expect(coverage.map((f) => [f.subject.event, f.layer])).toEqual([
      ['Account', { layer: 'view', id: views.account.id, name: 'Account' }],
      ['Checkout Review', { layer: 'view', id: views.review.id, name: 'Checkout Review' }],
    ]);
    expect(coverage[0].counts).toEqual({ observed: 0, affected: 3 });
    expect(coverage[0].details.events).toEqual(['Order Refunded', 'Page Viewed', 'Signed Out']);
    // Without any page or screen traffic there is nothing to say about views.
    expect(ofType(judged(profileOf([[observed('Checkout Started', {}), 1]])), 'view_coverage')).toEqual([]);
  });
});

describe('judge', () => {
  it('gives the same findings and fingerprints for the same profile, and keeps fingerprints across plan versions', () => {
    const profile = profileOf([
      [observed('Chat Opened', {}), 2],
      [observed('Order Completed', { ...validOrder, currency: 'BTC' }), 2],
    ]);
    const first = judge(profile, plan, { now: T0 });
    const again = judge(profile, { ...plan, version: 'v2' }, { now: T0 + DAY });
    expect(again.map((f) => f.fingerprint)).toEqual(first.map((f) => f.fingerprint));
    expect(again.every((f) => f.planVersion === 'v2')).toBe(true);
    expect(new Set(first.map((f) => f.fingerprint)).size).toBe(first.length);
  });

  it('gives findings that fit the judged finding contract', () => {
    ensureContractFormats();
    const findings = judged(
      profileOf([
        [observed('Order Completed', { ...validOrder, currency: 'GBP', quantity: '1' }), 3],
        [observed('Order Complete', {}), 1],
        [observed('Checkout Started', {}), 2],
        [observed('Checkout Step Viewed', {}), 2],
        [observed('Products Searched', { search_query: 'a@b.test' }), 1],
        [observed('Home', {}, { kind: 'page', url: 'https://shop.test/' }), 1],
      ]),
    );
    expect(new Set(findings.map((f) => f.type)).size).toBeGreaterThan(6);
    for (const f of findings) expect([...Value.Errors(JudgedFindingSchema, f)]).toEqual([]);
  });

  it('judges a small mixed profile as recorded', () => {
    const profile = profileOf([
      [observed('Order Completed', validOrder), 8],
      [observed('Order Completed', { ...validOrder, currency: 'GBP', coupon: 'X' }), 2],
      [observed('orderCompleted', validOrder), 1],
      [observed('Signed Out', {}), 1],
      [observed('Chat Opened', { q: 'me@example.test' }), 1],
      [observed('Home', {}, { kind: 'page', url: 'https://shop.test/' }), 1],
    ]);
    const findings = judge(profile, plan, { now: T0 }).map(
      ({ fingerprint, type, severity, layer, subject, counts }) => ({
        fingerprint,
        type,
        severity,
        layer: layer.layer + (layer.name ? `:${layer.name}` : ''),
        subject: subject.event + (subject.property ? `.${subject.property}` : ''),
        counts,
      }),
    );
    expect(findings).toMatchSnapshot();
  });
});
