import type { NativePlan } from '@tracemap/contracts';
import { CSV_COLUMNS, parseTrackingPlanCsv } from '../src/csv';
import { planFromCsvRows } from '../src/csv-import';
import { toNativePlan } from '../src/native';
import { attribute, event, optional, required, view } from './builders';

function ids() {
  let n = 0;
  return () => `10000000-0000-4000-8000-${(++n).toString().padStart(12, '0')}`;
}
const rowsOf = (...lines: string[]) => {
  const { rows, rejected } = parseTrackingPlanCsv([CSV_COLUMNS.join(','), ...lines].join('\n'));
  expect(rejected).toEqual([]);
  return rows;
};
const empty: NativePlan = { format: 'tracemap.tracking-plan', formatVersion: 1, attributes: [], events: [], views: [] };

describe('planFromCsvRows', () => {
  it('builds events, attributes, links and views from an empty plan', () => {
    const rows = rowsOf(
      'Order Completed,When paid,track,order_id,event,string,true,,,,dataLayer.order.id,,Checkout|Confirmation,sales',
      'Order Completed,When paid,track,page_name,view,string,true,,,,,,Checkout|Confirmation,sales',
      'Order Completed,When paid,track,platform,system,string,false,,,,,,Checkout|Confirmation,sales',
      'App Opened,,track,,,,,,,,,,,',
    );
    const { plan, rejected } = planFromCsvRows(rows, empty, { newId: ids() });
    expect(rejected).toEqual([]);
    expect(plan.events.map((e) => e.name)).toEqual(['Order Completed', 'App Opened']);
    expect(plan.views.map((v) => v.name)).toEqual(['Checkout', 'Confirmation']);
    expect(plan.attributes.map((a) => `${a.scope}:${a.name}`)).toEqual([
      'event:order_id',
      'view:page_name',
      'system:platform',
    ]);
    const [completed] = plan.events;
    expect(completed).toMatchObject({ description: 'When paid', tags: ['sales'] });
    // only the event-scope attribute is the event's own link; the system one is inherited
    expect(completed.attributes).toEqual([{ attributeId: plan.attributes[0].id, presence: 'required' }]);
    expect(plan.views[0].attributes).toEqual([{ attributeId: plan.attributes[1].id, presence: 'required' }]);
    expect(plan.views[1].events).toEqual([{ eventId: completed.id }]);
    expect(plan.attributes[0].origin).toBe('dataLayer.order.id');
  });

  it('matches existing entities by folded name (and scope), updates what the row carries, deletes nothing', () => {
    const orderId = attribute('order_id', { description: 'Kept.', origin: 'old' });
    const unrelated = attribute('coupon');
    const completed = event('Order Completed', {
      description: 'Old',
      attributes: [optional(orderId), optional(unrelated)],
      tags: ['x'],
    });
    const checkout = view('Checkout', { events: [] });
    const existing = toNativePlan({ attributes: [orderId, unrelated], events: [completed], views: [checkout] });
    const rows = rowsOf('order completed,New,,OrderId,event,,yes,,,,new.origin,,checkout,y');
    const { plan } = planFromCsvRows(rows, existing, { newId: ids() });
    expect(plan.attributes).toHaveLength(2);
    expect(plan.events).toHaveLength(1);
    expect(plan.views).toHaveLength(1);
    const updated = plan.events[0];
    expect(updated).toMatchObject({ name: 'Order Completed', description: 'New', tags: ['x', 'y'] });
    expect(updated.attributes).toEqual([
      { attributeId: orderId.id, presence: 'required' },
      { attributeId: unrelated.id, presence: 'optional' },
    ]);
    expect(plan.attributes.find((a) => a.id === orderId.id)).toMatchObject({
      name: 'order_id',
      description: 'Kept.',
      origin: 'new.origin',
    });
    expect(plan.views[0].events).toEqual([{ eventId: completed.id }]);
    expect(existing.events[0].description).toBe('Old'); // the input plan is not changed
  });

  it('finds an existing attribute’s scope when the row gives none', () => {
    const platform = attribute('platform', { scope: 'system' });
    const existing = toNativePlan({ attributes: [platform], events: [], views: [] });
    const { plan } = planFromCsvRows(rowsOf('App Opened,,,platform,,,true,,,,,,,'), existing, { newId: ids() });
    expect(plan.attributes).toHaveLength(1);
    expect(plan.events[0].attributes).toEqual([{ attributeId: platform.id, presence: 'required' }]);
  });

  it('does not loosen a view link that another view export made optional', () => {
    const pageName = attribute('page_name', { scope: 'view' });
    const cart = view('Cart', { attributes: [required(pageName)] });
    const existing = toNativePlan({ attributes: [pageName], events: [], views: [cart] });
    const { plan } = planFromCsvRows(rowsOf('Cart Viewed,,,page_name,view,,false,,,,,,Cart,'), existing, {
      newId: ids(),
    });
    expect(plan.views[0].attributes).toEqual([{ attributeId: pageName.id, presence: 'required' }]);
  });

  it('rejects an attribute that appears with two types, naming its row', () => {
    const rows = rowsOf('A Happened,,,amount,event,number,,,,,,,,', 'B Happened,,,amount,event,string,,,,,,,,');
    const { rejected } = planFromCsvRows(rows, empty, { newId: ids() });
    expect(rejected).toEqual([
      {
        row: 3,
        kind: 'attribute',
        name: 'amount',
        reason: '“amount” is string here but number on row 2; an attribute has one type.',
      },
    ]);
  });

  it('rejects user and group attributes on events', () => {
    const { rejected } = planFromCsvRows(rowsOf('Signed Up,,,email,user,,,,,,,,,'), empty, { newId: ids() });
    expect(rejected).toEqual([
      {
        row: 2,
        kind: 'attribute',
        name: 'email',
        reason: '“email” is a user attribute; user attributes never attach to events.',
      },
    ]);
  });

  it('rejects a validation that does not fit the existing attribute’s type', () => {
    const flag = attribute('is_gift', { type: 'boolean' });
    const existing = toNativePlan({ attributes: [flag], events: [], views: [] });
    const { rejected } = planFromCsvRows(rowsOf('Order Completed,,,is_gift,,,,,range,"{""min"":1}",,,,'), existing, {
      newId: ids(),
    });
    expect(rejected[0].reason).toBe(
      'The validation of “is_gift” does not fit its type: A range validation does not apply to a boolean.',
    );
  });
});
