import { examplePlanSnapshot } from '@tracemap/discovery';
import { runTool, toolContext, ToolInputError, type AssistantData } from '../../src';

const plan = examplePlanSnapshot();
const data: AssistantData = { plan, observed: [], findings: [] };
const admin = toolContext(data, 'admin');
const viewer = toolContext(data, 'viewer');
const idOf = (kind: 'events' | 'attributes' | 'views', name: string) => plan[kind].find((i) => i.name === name)!.id;

describe('search_plan', () => {
  it('ranks an exact name first, then finds folded and one-edit names', () => {
    expect(runTool(admin, 'search_plan', { query: 'Product Viewed' }).output.results[0]).toMatchObject({
      name: 'Product Viewed',
      matchedOn: expect.arrayContaining(['name']),
    });
    expect(runTool(admin, 'search_plan', { query: 'product_viewed' }).output.results[0]).toMatchObject({
      name: 'Product Viewed',
      matchedOn: expect.arrayContaining(['folded_name']),
    });
    expect(runTool(admin, 'search_plan', { query: 'Prodcut Viewed' }).output.results[0].name).toBe('Product Viewed');
  });

  it('finds by tag and by the name of a view the event fires on, and filters by kind', () => {
    const byTag = runTool(admin, 'search_plan', { query: 'revenue', kinds: ['event'] }).output.results.map(
      (r) => r.name,
    );
    expect(byTag).toEqual(expect.arrayContaining(['Order Completed', 'Order Refunded', 'Order Cancelled']));
    const byView = runTool(admin, 'search_plan', { query: 'wishlist', kinds: ['event'] }).output.results;
    expect(byView.map((r) => r.name)).toContain('Wishlist Product Added');
    expect(new Set(byView.map((r) => r.kind))).toEqual(new Set(['event']));
  });

  it('expands a misspelt word to the plan words one edit away', () => {
    const results = runTool(admin, 'search_plan', { query: 'cupon' }).output.results.map((r) => r.name);
    expect(results).toEqual(expect.arrayContaining(['Coupon Applied', 'coupon']));
  });

  it('never shows a viewer an attribute that is not exposed', () => {
    expect(runTool(admin, 'search_plan', { query: 'email', kinds: ['attribute'] }).output.results[0].name).toBe(
      'email',
    );
    expect(
      runTool(viewer, 'search_plan', { query: 'email', kinds: ['attribute'] }).output.results.map((r) => r.name),
    ).not.toContain('email');
  });

  it('refuses input outside the schema', () => {
    expect(() => runTool(admin, 'search_plan', { query: '' })).toThrow(ToolInputError);
    expect(() => runTool(admin, 'list_items', { kind: 'everything' })).toThrow(ToolInputError);
  });
});

describe('get_event', () => {
  it('returns effective attributes with the layer each came from, and its views and maps', () => {
    const { output, references } = runTool(admin, 'get_event', { event: 'checkout_started' });
    expect(output.event?.name).toBe('Checkout Started');
    const layer = (name: string) => output.attributes.find((a) => a.name === name)?.layer;
    expect([layer('revenue'), layer('page_type'), layer('platform')]).toEqual(['event', 'view', 'system']);
    expect(output.views.map((v) => v.name)).toEqual(expect.arrayContaining(['Cart']));
    expect(output.maps.map((m) => m.name)).toEqual(['Shopping journey']);
    expect(references).toContainEqual({ kind: 'event', id: idOf('events', 'Checkout Started') });
  });

  it('says when nothing has the name and offers similar ones', () => {
    const { output } = runTool(admin, 'get_event', { event: 'Order Complete' });
    expect(output.found).toBe(false);
    expect(output.suggestions[0].name).toBe('Order Completed');
  });
});

describe('get_attribute and roles', () => {
  it('hides a non-exposed attribute from a viewer and the values of a personal one', () => {
    expect(runTool(admin, 'get_attribute', { attribute: 'phone_number' }).output.attribute?.validation).toMatchObject({
      kind: 'regex',
    });
    expect(runTool(viewer, 'get_attribute', { attribute: 'phone_number' }).output.found).toBe(false);
    const personal = {
      ...plan,
      attributes: plan.attributes.map((a) => (a.name === 'email' ? { ...a, exposed: true } : a)),
    };
    const viewerOfPersonal = toolContext({ plan: personal, observed: [], findings: [] }, 'viewer');
    const email = runTool(viewerOfPersonal, 'get_attribute', { attribute: 'email' }).output;
    expect(email.found).toBe(true);
    expect(email.attribute?.validation).toBeNull();
  });

  it('lists the events that carry an attribute with their layer', () => {
    const { output } = runTool(admin, 'get_attribute', { attribute: 'page_type' });
    expect(output.eventCount).toBeGreaterThan(20);
    expect(output.events.every((e) => e.layer === 'view')).toBe(true);
  });
});

describe('get_view, get_map and list_items', () => {
  it('gives a view its events and maps', () => {
    const { output } = runTool(admin, 'get_view', { view: 'Checkout Payment' });
    expect(output.events.map((e) => e.name)).toContain('Payment Info Entered');
    expect(output.maps.map((m) => m.name)).toEqual(['Shopping journey']);
  });

  it('finds the paths between two views of a map, shortest first', () => {
    const { output } = runTool(admin, 'get_map', { map: 'Shopping journey', from: 'Home', to: 'Cart', maxPaths: 10 });
    const names = output.paths.map((p) => p.map((s) => s.view.name).join(' > '));
    expect(names[0]).toBe('Home > Product Detail > Cart');
    expect(names).toContain('Home > Search Results > Product Detail > Wishlist > Cart');
    expect(output.paths.map((p) => p.length)).toEqual([...output.paths.map((p) => p.length)].sort((a, b) => a - b));
  });

  it('finds only simple paths on a map with a cycle, shortest first, and none to a view it cannot reach', () => {
    const [a, b, c, d] = plan.views.slice(0, 4).map((v) => v.id);
    const edge = (id: number, from: string, to: string) => ({
      id: `00000000-0000-4000-8000-0000000001${String(id).padStart(2, '0')}`,
      from,
      to,
    });
    const cyclic = {
      ...plan.maps[0],
      nodes: [a, b, c, d].map((viewId) => ({ viewId, x: 0, y: 0 })),
      edges: [edge(1, a, b), edge(2, b, a), edge(3, b, c), edge(4, a, c), edge(5, c, b)],
    };
    const ctx = toolContext({ plan: { ...plan, maps: [cyclic] }, observed: [], findings: [] }, 'admin');
    const paths = (from: string, to: string) =>
      runTool(ctx, 'get_map', { map: cyclic.id, from, to, maxPaths: 10 }).output.paths.map((p) =>
        p.map((s) => s.view.id),
      );
    expect(paths(a, c)).toEqual([
      [a, c],
      [a, b, c],
    ]);
    expect(paths(c, a)).toEqual([[c, b, a]]);
    expect(paths(a, d)).toEqual([]);
  });

  it('lists items by tag, owner and status with counts', () => {
    const core = runTool(admin, 'list_items', { kind: 'event', tag: 'core' }).output;
    expect(core.total).toBe(5);
    expect(runTool(admin, 'list_items', { kind: 'event', owner: 'finance' }).output.items.map((i) => i.name)).toEqual([
      'Order Completed',
    ]);
    expect(runTool(admin, 'list_items', { kind: 'event', status: 'planned' }).output.items.map((i) => i.name)).toEqual([
      'Product Reviewed',
    ]);
    const attributes = runTool(admin, 'list_items', { kind: 'attribute' }).output.total;
    expect(runTool(viewer, 'list_items', { kind: 'attribute' }).output.total).toBe(attributes - 4);
  });
});

describe('propose_change and query results', () => {
  it('only drafts a change, in words', () => {
    const { output } = runTool(admin, 'propose_change', {
      action: 'create',
      entity: 'event',
      fields: { name: 'Chat Opened' },
      reason: 'seen 107 times and not planned',
    });
    expect(output).toMatchObject({ needsConfirmation: true, summary: expect.stringContaining('Chat Opened') });
  });
});
