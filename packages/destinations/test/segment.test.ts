import type { Attribute, EffectiveAttribute } from '@tracemap/contracts';
import { MANAGED_MARK, segment, parseSegmentRulesPage, previewPush, type RemoteItem, type SegmentRule } from '../src';
import { planWithEvents, sample } from './fixtures';

const settings = { kind: 'segment' as const, trackingPlanId: 'tp_1' };
const asRemote = (rules: SegmentRule[]): Map<string, RemoteItem<SegmentRule>> =>
  new Map(parseSegmentRulesPage({ data: { rules, pagination: { next: null } } }).rules.map((r) => [r.key, r]));

describe('Segment adapter', () => {
  it('plans one rule per event plus the common and identify rules, each carrying the managed mark', () => {
    const wanted = segment.desired(sample(), settings);
    const rules = [...wanted.items.values()].map((k) => k.item);
    expect(rules.some((r) => r.type === 'COMMON' && r.key === null)).toBe(true);
    expect(rules.find((r) => r.key === 'Order Completed')?.jsonSchema).toMatchObject({
      properties: { properties: { type: 'object' } },
      required: ['properties'],
    });
    for (const rule of rules) expect(String(rule.jsonSchema.description)).toContain(MANAGED_MARK);
  });

  it('sends 450 rules as PATCH batches of at most 200 and never PUT', () => {
    const preview = previewPush(planWithEvents(450), settings);
    expect(preview.writeCalls).toBe(3);
    const wanted = segment.desired(planWithEvents(450), settings);
    const operations = segment.diff(wanted, segment.empty(), 'upsert');
    const { requests } = segment.requestsFor(operations, settings, segment.empty());
    expect(requests.map((r) => r.method)).toEqual(['PATCH', 'PATCH', 'PATCH']);
    const sizes = requests.map((r) => (JSON.parse(r.body!) as { rules: unknown[] }).rules.length);
    expect(sizes[0]).toBe(200);
    expect(sizes[1]).toBe(200);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(preview.operations.length);
  });

  it('finds nothing to do when the destination holds what the plan says', () => {
    const wanted = segment.desired(sample(), settings);
    const remote = asRemote([...wanted.items.values()].map((k) => k.item));
    expect(segment.diff(wanted, remote, 'mirror')).toEqual([]);
  });

  it('upsert leaves a destination-only rule alone; mirror deletes it only when Tracemap made it', () => {
    const wanted = segment.desired(sample(), settings);
    const mine = {
      type: 'TRACK' as const,
      key: 'Old Event',
      version: 1,
      jsonSchema: { description: `gone ${MANAGED_MARK}` },
    };
    const theirs = {
      type: 'TRACK' as const,
      key: 'Hand Made',
      version: 1,
      jsonSchema: { description: 'made by hand' },
    };
    const remote = asRemote([...[...wanted.items.values()].map((k) => k.item), mine, theirs]);
    expect(segment.diff(wanted, remote, 'upsert')).toEqual([]);
    const mirror = segment.diff(wanted, remote, 'mirror');
    expect(mirror.map((op) => [op.action, op.key])).toEqual([['delete', 'TRACK:Old Event']]);
    const { requests } = segment.requestsFor(mirror, settings, remote);
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('DELETE');
    expect(requests[0].body).toBeUndefined();
    const [path, query] = requests[0].path.split('?');
    expect(path).toBe('/tracking-plans/tp_1/rules');
    expect([...new URLSearchParams(query)]).toEqual([
      ['rules[0][type]', 'TRACK'],
      ['rules[0][key]', 'Old Event'],
      ['rules[0][version]', '1'],
    ]);
  });

  it('names removed rules in query strings of a safe length, at most 200 a call, as the estimate counts', () => {
    const removed = (n: number, keyLength: number) =>
      new Map(
        Array.from({ length: n }, (_, i) => {
          const item = {
            type: 'TRACK' as const,
            key: `${String(i).padStart(4, '0')}${'x'.repeat(keyLength)}`,
            version: 1,
            jsonSchema: { description: `gone ${MANAGED_MARK}` },
          };
          return [`TRACK:${item.key}`, { key: `TRACK:${item.key}`, target: 'rule', item, managed: true }];
        }),
      );
    const nothing = { items: new Map(), warnings: [] };
    for (const [n, keyLength] of [
      [450, 1],
      [120, 150],
    ]) {
      const remote = removed(n, keyLength);
      const ops = segment.diff(nothing, remote, 'mirror');
      const { requests } = segment.requestsFor(ops, settings, remote);
      expect(requests.length).toBe(segment.estimate(ops).writeCalls);
      expect(requests.length).toBeGreaterThan(1);
      expect(requests.flatMap((r) => r.operationKeys)).toEqual(ops.map((op) => op.key));
      for (const request of requests) {
        expect(request.operationKeys.length).toBeLessThanOrEqual(200);
        expect(request.path.length).toBeLessThan(6100);
        const params = new URLSearchParams(request.path.split('?')[1]);
        expect(params.get(`rules[${request.operationKeys.length - 1}][type]`)).toBe('TRACK');
      }
    }
  });

  it('updates a rule whose schema changed and renames through the name mappings', () => {
    const renamed = segment.desired(sample(), {
      ...settings,
      names: { events: { 'Order Completed': 'Checkout Done' } },
    });
    expect([...renamed.items.keys()]).toContain('TRACK:Checkout Done');
    expect([...renamed.items.keys()]).not.toContain('TRACK:Order Completed');
    const wanted = segment.desired(sample(), settings);
    const held = [...wanted.items.values()].map((k) =>
      k.item.key === 'Order Completed' ? { ...k.item, jsonSchema: { ...k.item.jsonSchema, title: 'stale' } } : k.item,
    );
    const ops = segment.diff(wanted, asRemote(held), 'upsert');
    expect(ops.map((op) => [op.action, op.key])).toEqual([['update', 'TRACK:Order Completed']]);
  });
});

describe('Segment rules and the plan export', () => {
  it('are the JSON Schema rules the plan export writes, plus the managed mark', async () => {
    const { segmentRulesBundle, segmentRulesList } = await import('@tracemap/tracking-plan');
    const plan = sample();
    const byId = new Map(plan.attributes.map((a) => [a.id, a]));
    const asLayer = (a: Attribute): EffectiveAttribute => ({
      attribute: a,
      presence: 'optional',
      validation: a.validation,
      layer: 'system',
      sources: [{ layer: 'system', presence: 'optional' }],
    });
    const scoped = (scope: string) => plan.attributes.filter((a) => a.scope === scope && a.status !== 'archived');
    const exported = segmentRulesList(
      segmentRulesBundle(
        plan.events
          .filter((e) => e.status !== 'archived')
          .map((event) => ({
            event,
            attributes: event.effective.flatMap((e) => {
              const attribute = byId.get(e.attributeId);
              return attribute && attribute.status !== 'archived' ? [{ ...e, attribute }] : [];
            }),
          })),
        scoped('system').map(asLayer),
        { user: scoped('user').map(asLayer), group: scoped('group').map(asLayer) },
      ),
    );
    const pushed = [...segment.desired(sample(), settings).items.values()].map((k) => k.item);
    const unmark = (schema: Record<string, unknown>) => {
      const description = String(schema.description).replace(MANAGED_MARK, '').trim();
      const { description: _d, ...rest } = schema;
      return description ? { ...rest, description } : rest;
    };
    expect(pushed.map((r) => ({ ...r, jsonSchema: unmark(r.jsonSchema) }))).toEqual(exported);
  });
});
