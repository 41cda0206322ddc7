import {
  amplitude,
  isManaged,
  MANAGED_MARK,
  mparticle,
  parseAmplitudeTaxonomy,
  parseMparticlePlan,
  previewPush,
  rudderstack,
  sameJson,
  withManagedMark,
  type RemoteItem,
} from '../src';
import { sample } from './fixtures';

const held = <T>(items: Map<string, { key: string; target: string; item: T }>): Map<string, RemoteItem<T>> =>
  new Map([...items].map(([key, item]) => [key, { ...item, managed: true, id: `id:${key}` }]));

describe('managed mark', () => {
  it('is added once at the end of a description and recognised after a round trip', () => {
    expect(withManagedMark('Fires on checkout')).toBe(`Fires on checkout ${MANAGED_MARK}`);
    expect(withManagedMark('')).toBe(MANAGED_MARK);
    expect(isManaged(`${withManagedMark('x')}  `)).toBe(true);
    expect(isManaged('made by hand')).toBe(false);
    expect(isManaged(null)).toBe(false);
  });
  it('compares JSON whatever the order of keys, and tells arrays apart by order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});

describe('Amplitude adapter', () => {
  const settings = { kind: 'amplitude' as const };
  it('maps events, their properties and user properties with Amplitude types', () => {
    const wanted = amplitude.desired(sample(), settings);
    const kinds = new Set([...wanted.items.values()].map((i) => i.target));
    expect(kinds).toEqual(new Set(['event', 'event-property', 'user-property']));
    const properties = [...wanted.items.values()].map((i) => i.item).filter((i) => i.kind === 'event-property');
    expect(properties.every((p) => ['string', 'number', 'boolean', 'enum', 'any'].includes(p.type))).toBe(true);
    expect(properties.some((p) => p.type === 'enum' && p.enumValues.length > 0)).toBe(true);
  });
  it('creates with a form-encoded POST whose 409 fallback is a PUT of the same fields', () => {
    const wanted = amplitude.desired(sample(), settings);
    const ops = amplitude.diff(wanted, amplitude.empty(), 'upsert');
    const { requests } = amplitude.requestsFor(ops, settings, amplitude.empty());
    const firstProperty = requests.findIndex((r) => r.path.endsWith('/event-property'));
    const lastEvent = requests.map((r) => r.path.endsWith('/taxonomy/event')).lastIndexOf(true);
    expect(lastEvent).toBeLessThan(firstProperty);
    const post = requests[firstProperty];
    expect(post.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(post.body);
    expect(form.get('event_type')).toBeTruthy();
    expect(form.get('description')).toContain(MANAGED_MARK);
    const put = post.onConflict!();
    expect(put.method).toBe('PUT');
    expect(put.path).toBe(`/api/2/taxonomy/event-property/${encodeURIComponent(form.get('event_property')!)}`);
    expect(new URLSearchParams(put.body).get('event_type')).toBe(form.get('event_type'));
  });
  it('reads user properties without the gp: prefix and finds nothing to do when all is held', () => {
    const wanted = amplitude.desired(sample(), settings);
    const items = [...wanted.items.values()].map((i) => i.item);
    const shape = (p: { type: string; regex: string; enumValues: string[]; isArrayType: boolean }) => ({
      type: p.type,
      regex: p.regex,
      enum_values: p.enumValues.join(','),
      is_array_type: p.isArrayType,
    });
    const remote = parseAmplitudeTaxonomy({
      events: {
        data: items.flatMap((i) =>
          i.kind === 'event'
            ? [
                {
                  event_type: i.eventType,
                  category: i.category ? { name: i.category } : null,
                  description: i.description,
                },
              ]
            : [],
        ),
      },
      eventProperties: {
        data: items.flatMap((i) =>
          i.kind === 'event-property'
            ? [
                {
                  event_type: i.eventType,
                  event_property: i.property,
                  description: i.description,
                  is_required: i.isRequired,
                  ...shape(i),
                },
              ]
            : [],
        ),
      },
      userProperties: {
        data: items.flatMap((i) =>
          i.kind === 'user-property'
            ? [{ user_property: `gp:${i.property}`, description: i.description, ...shape(i) }]
            : [],
        ),
      },
    });
    expect(amplitude.diff(wanted, remote, 'mirror')).toEqual([]);
  });
  it('sees a change in any field of an event property', () => {
    const wanted = amplitude.desired(sample(), settings);
    const [key, entry] = [...wanted.items].find(([, k]) => k.item.kind === 'event-property')!;
    const changes = [
      { description: 'other' },
      { type: 'any' },
      { regex: 'x+' },
      { enumValues: ['a'] },
      { isArrayType: true },
      { isRequired: !(entry.item as { isRequired: boolean }).isRequired },
    ];
    for (const change of changes) {
      const remote = held(wanted.items);
      remote.set(key, { ...remote.get(key)!, item: { ...entry.item, ...change } as typeof entry.item });
      expect(amplitude.diff(wanted, remote, 'upsert').map((op) => [op.action, op.key])).toEqual([['update', key]]);
    }
  });
  it('warns when a push needs more calls than Amplitude allows in an hour', () => {
    const { warnings } = amplitude.estimate(
      Array.from({ length: 7201 }, (_, i) => ({ action: 'create' as const, target: 'event', key: `k${i}` })),
    );
    expect(warnings).toEqual([expect.objectContaining({ code: 'limit' })]);
  });
});

describe('mParticle adapter', () => {
  const settings = { kind: 'mparticle' as const, workspaceId: '1', planId: 'p' };
  it('writes one new version holding what only mParticle has, with the changes applied', () => {
    const wanted = mparticle.desired(sample(), settings);
    const handMade = {
      description: 'by hand',
      match: { type: 'screen_view', criteria: { screen_name: 'Legacy' } },
      validator: { type: 'json_schema', definition: {} },
    };
    const remote = parseMparticlePlan({
      data_plan_versions: [
        { version: 1, version_document: { data_points: [] } },
        { version: 3, version_document: { data_points: [handMade] } },
      ],
    });
    const ops = mparticle.diff(wanted, remote, 'upsert');
    const { requests } = mparticle.requestsFor(ops, settings, remote);
    expect(requests).toHaveLength(1);
    const body = JSON.parse(requests[0].body!);
    expect(requests[0].path).toBe('/platform/v2/workspaces/1/plans/p/versions');
    expect(body.version).toBe(4);
    expect(body.version_document.data_points[0]).toEqual(handMade);
    expect(body.version_document.data_points).toHaveLength(wanted.items.size + 1);
    // Active nowhere: which version each environment uses stays the user's choice.
    expect(body.activated_environment).toBe('none');
  });
  it('matches track events as custom events and pages as screen views', () => {
    const keys = [...mparticle.desired(sample(), settings).items.keys()];
    expect(keys.some((k) => k.startsWith('custom_event:') && k.endsWith(':other'))).toBe(true);
    expect(keys.some((k) => k.startsWith('screen_view:'))).toBe(true);
    expect(mparticle.requestsFor([], settings, mparticle.empty()).requests).toEqual([]);
  });
});

describe('RudderStack adapter', () => {
  const settings = { kind: 'rudderstack' as const, trackingPlanId: 'tp' };
  it('creates catalog properties, then events, and defers tracking-plan events until their ids exist', () => {
    const wanted = rudderstack.desired(sample(), settings);
    const ops = rudderstack.diff(wanted, rudderstack.empty(), 'upsert');
    const planned = rudderstack.requestsFor(ops, settings, rudderstack.empty());
    const paths = planned.requests.map((r) => r.path);
    expect(paths.lastIndexOf('/v2/catalog/properties')).toBeLessThan(paths.indexOf('/v2/catalog/events'));
    expect(planned.deferred.every((op) => op.target === 'plan-event')).toBe(true);
    expect(planned.deferred.length).toBeGreaterThan(0);
    const remote = held(wanted.items);
    for (const op of planned.deferred) remote.delete(op.key);
    const second = rudderstack.requestsFor(planned.deferred, settings, remote);
    expect(second.deferred).toEqual([]);
    expect(second.requests.every((r) => r.method === 'PUT' && r.path === '/v2/catalog/tracking-plans/tp/events')).toBe(
      true,
    );
    const body = JSON.parse(second.requests[0].body!);
    expect(body.events[0].id).toMatch(/^id:catalog-event:/);
  });
  it('refuses names outside 3–65 characters or not starting with a letter, unless mapped to a valid one', () => {
    const plan = sample();
    const first = plan.events[0];
    const events = [{ ...first, name: 'ab' }, ...plan.events.slice(1)];
    const refused = previewPush({ ...plan, events }, settings);
    expect(refused.warnings).toContainEqual(expect.objectContaining({ code: 'name_refused', subject: 'ab' }));
    expect(refused.operations.some((op) => op.key === 'catalog-event:ab')).toBe(false);
    const mapped = previewPush({ ...plan, events }, { ...settings, names: { events: { ab: 'About Page' } } });
    expect(mapped.warnings.some((w) => w.code === 'name_refused')).toBe(false);
    expect(mapped.operations.some((op) => op.key === 'catalog-event:About Page')).toBe(true);
  });
  it('deletes in mirror mode the tracking-plan event before its catalog event', () => {
    const wanted = rudderstack.desired(sample(), settings);
    const remote = held(wanted.items);
    remote.set('plan-event:Gone', {
      key: 'plan-event:Gone',
      target: 'plan-event',
      managed: true,
      id: 'ev9',
      item: { kind: 'plan-event', name: 'Gone', eventType: 'track', properties: [] },
    });
    remote.set('catalog-event:Gone', {
      key: 'catalog-event:Gone',
      target: 'catalog-event',
      managed: true,
      id: 'ev9',
      item: { kind: 'catalog-event', name: 'Gone', eventType: 'track', description: MANAGED_MARK },
    });
    const ops = rudderstack.diff(wanted, remote, 'mirror');
    const { requests } = rudderstack.requestsFor(ops, settings, remote);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /v2/catalog/tracking-plans/tp/events/ev9',
      'DELETE /v2/catalog/events/ev9',
    ]);
  });
});
