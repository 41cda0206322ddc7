import { createEntityLinter, lintEntity, lintMap, lintPlan } from '../src/lint';
import { attribute, event, required, view } from './builders';
import { plan, rulesOf, settings } from './lint-plan';

describe('lintEntity', () => {
  const existing = attribute('order_id');
  const base = plan([existing], [event('Order Completed')]);

  it('reports a new attribute whose name is taken, without an id', () => {
    const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...candidate } = attribute('OrderID');
    const findings = lintEntity('attribute', candidate, {
      ...base,
      settings: { ...settings, attributeNameCase: 'any' },
    });
    expect(findings).toEqual([
      {
        rule: 'unique-name',
        severity: 'error',
        entityKind: 'attribute',
        entityName: 'OrderID',
        field: 'name',
        message:
          'Attribute “OrderID” has the same name as “order_id” in the event scope once case and separators are ignored.',
      },
    ]);
  });

  it('does not report a new attribute as unused', () => {
    const { id: _id, ...candidate } = attribute('coupon_code');
    expect(lintEntity('attribute', candidate, base)).toEqual([]);
  });

  it('judges an edit against the others, not against its own old version', () => {
    expect(lintEntity('attribute', { ...existing, description: 'Now described.' }, base)).toEqual([]);
    expect(lintEntity('attribute', { ...existing, description: '' }, base).map((f) => f.rule)).toEqual(['description']);
  });

  it('reports an event’s links and name', () => {
    const nullable = attribute('coupon', { nullable: true });
    const input = plan([existing, nullable], []);
    const { id: _id, ...candidate } = event('order placed', { attributes: [required(nullable)] });
    expect(lintEntity('event', candidate, input).map((f) => f.rule)).toEqual(['naming-case', 'required-nullable']);
  });

  it('reports a view’s duplicate name', () => {
    const { id: _id, ...candidate } = view('HOME');
    expect(lintEntity('view', candidate, base).map((f) => f.message)).toEqual([
      'View “HOME” has the same name as “Home” once case and separators are ignored.',
    ]);
  });

  it('finds similar names without an index', () => {
    const { id: _id, ...candidate } = attribute('order_ids');
    expect(lintEntity('attribute', candidate, base).map((f) => f.rule)).toEqual(['similar-name']);
  });

  it('says nothing about an archived candidate', () => {
    expect(lintEntity('attribute', { ...existing, status: 'archived', description: '' }, base)).toEqual([]);
  });
});

describe('createEntityLinter', () => {
  it('lints many candidates against one plan', () => {
    const existing = attribute('order_id');
    const lint = createEntityLinter(plan([existing], [event('Order Completed')]));
    const { id: _a, ...taken } = attribute('orderId');
    const { id: _b, ...fresh } = attribute('coupon_code');
    expect(lint('attribute', taken).map((f) => f.rule)).toEqual(['unique-name', 'naming-case']);
    expect(lint('attribute', fresh)).toEqual([]);
    const { id: _c, ...badEvent } = event('order completed');
    expect(lint('event', badEvent).map((f) => f.rule)).toEqual(['unique-name', 'naming-case']);
  });

  it('does not compare an edited entity with its own stored version', () => {
    const existing = attribute('order_ids');
    const lint = createEntityLinter(plan([existing]));
    expect(lint('attribute', { ...existing, name: 'order_id' })).toEqual([]);
  });
});

describe('deprecated-on-map from the map side', () => {
  const old = event('Old Checkout Started', { status: 'deprecated' });
  const gone = event('Gone Clicked', { status: 'archived' });
  const live = event('Cart Viewed');
  const retiredView = view('Old Cart', { status: 'deprecated' });
  const archivedView = view('Legacy Checkout', { status: 'archived' });
  const cart = view('Cart', { events: [{ eventId: live.id }] });
  const funnel = {
    id: 'm1',
    name: 'Purchase Funnel',
    viewIds: [cart.id, retiredView.id, archivedView.id],
    eventIds: [old.id, gone.id, live.id],
  };

  it('lintMap: a map about to be saved is told about every retired view on its nodes and event on its edges', () => {
    const input = plan([], [old, gone, live], [cart, retiredView, archivedView]);
    expect(lintMap({ ...funnel, status: 'planned' }, input)).toEqual([
      {
        rule: 'deprecated-on-map',
        severity: 'warning',
        entityKind: 'map',
        entityId: 'm1',
        entityName: 'Purchase Funnel',
        field: 'nodes',
        message: 'Map “Purchase Funnel” shows view “Old Cart”, which is deprecated.',
      },
      expect.objectContaining({
        field: 'nodes',
        message: 'Map “Purchase Funnel” shows view “Legacy Checkout”, which is archived.',
      }),
      expect.objectContaining({
        field: 'edges',
        message: 'Map “Purchase Funnel” has a transition through event “Old Checkout Started”, which is deprecated.',
      }),
      expect.objectContaining({
        field: 'edges',
        message: 'Map “Purchase Funnel” has a transition through event “Gone Clicked”, which is archived.',
      }),
    ]);
  });

  it('lintMap: a clean map, an archived map and a company that turned the rule off give nothing; error blocks', () => {
    const input = plan([], [old, live], [cart, retiredView]);
    expect(
      lintMap({ id: 'm2', name: 'Clean', viewIds: [cart.id], eventIds: [live.id], status: 'live' }, input),
    ).toEqual([]);
    expect(lintMap({ ...funnel, status: 'archived' }, input)).toEqual([]);
    expect(
      lintMap(
        { ...funnel, status: 'live' },
        { ...input, settings: { ...settings, rules: { 'deprecated-on-map': 'off' } } },
      ),
    ).toEqual([]);
    const strict = lintMap(
      { ...funnel, status: 'live' },
      { ...input, settings: { ...settings, rules: { 'deprecated-on-map': 'error' } } },
    );
    expect(strict.map((f) => f.severity)).toEqual(['error', 'error']);
  });

  it('lintPlan: maps report their retired views and archived edge events; a deprecated edge event is reported once, on the event', () => {
    const input = plan([], [old, gone, live], [cart, retiredView, archivedView], { maps: [funnel] });
    const findings = rulesOf(lintPlan(input), 'deprecated-on-map');
    expect(findings.map((f) => `${f.entityKind}: ${f.message}`)).toEqual([
      'event: Event “Old Checkout Started” is deprecated but still on map “Purchase Funnel”.',
      'map: Map “Purchase Funnel” shows view “Old Cart”, which is deprecated.',
      'map: Map “Purchase Funnel” shows view “Legacy Checkout”, which is archived.',
      'map: Map “Purchase Funnel” has a transition through event “Gone Clicked”, which is archived.',
    ]);
  });

  it('names views and events given apart from the plan (a store that leaves archived ones out)', () => {
    const input = plan([], [old, live], [cart, retiredView], {
      maps: [funnel],
      named: {
        views: [{ id: archivedView.id, name: archivedView.name, status: 'archived' }],
        events: [{ id: gone.id, name: gone.name, status: 'archived' }],
      },
    });
    expect(lintMap({ ...funnel, status: 'live' }, input).map((f) => f.message)).toEqual([
      'Map “Purchase Funnel” shows view “Old Cart”, which is deprecated.',
      'Map “Purchase Funnel” shows view “Legacy Checkout”, which is archived.',
      'Map “Purchase Funnel” has a transition through event “Old Checkout Started”, which is deprecated.',
      'Map “Purchase Funnel” has a transition through event “Gone Clicked”, which is archived.',
    ]);
  });
});
