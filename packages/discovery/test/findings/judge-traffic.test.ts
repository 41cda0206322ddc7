import { observed, profileOf } from './plan-fixture';
import { events, judged, ofType, validOrder } from './shop-plan';

describe('judge: traffic findings', () => {
  it('source_gap: seen on one source and not on another whose traffic share says it should be', () => {
    const findings = judged(
      profileOf([
        [observed('Order Completed', validOrder, { sourceId: 'ios' }), 100],
        [observed('Product Viewed', { product_id: 'p' }, { sourceId: 'ios' }), 100],
        [observed('Product Viewed', { product_id: 'p' }, { sourceId: 'android' }), 200],
      ]),
    );
    expect(ofType(findings, 'source_gap')).toEqual([
      expect.objectContaining({
        subject: { event: 'Order Completed' },
        layer: { layer: 'event', id: events.orderCompleted.id, name: 'Order Completed' },
        counts: { observed: 200, affected: 100 },
        details: { seenOn: ['source:ios'], missingOn: ['source:android'] },
      }),
    ]);
  });

  it('volume_shift: an event whose share of traffic changes sharply from one app version to the next', () => {
    const findings = judged(
      profileOf([
        [observed('Product Viewed', { product_id: 'p' }, { appVersion: '1.0.0' }), 300],
        [observed('Products Searched', {}, { appVersion: '1.0.0' }), 300],
        [observed('Product Viewed', { product_id: 'p' }, { appVersion: '1.1.0' }), 20],
        [observed('Products Searched', {}, { appVersion: '1.1.0' }), 580],
      ]),
    );
    const shifts = ofType(findings, 'volume_shift');
    expect(shifts.map((f) => [f.subject.event, f.details.appVersion, f.details.previousAppVersion])).toEqual([
      ['Product Viewed', '1.1.0', '1.0.0'],
    ]);
    expect(shifts[0].counts).toEqual({ observed: 20, affected: 280, rate: 0.0667 });
  });
});
