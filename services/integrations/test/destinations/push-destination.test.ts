import { previewPush, MANAGED_MARK } from '@tracemap/destinations';
import { startDestinationsSandbox, type DestinationsSandbox } from '@tracemap/destinations-sandbox';
import { pushDestination } from '../../src/destinations';
import { destinationHttp } from '../../src/destinations/destination-http';
import { authHeaders } from '../../src/destinations/destination-auth';
import { readRemote } from '../../src/destinations/read-remote';
import { adapterFor } from '@tracemap/destinations';
import { credentialsOf, fakeClock, KINDS, push, samplePlan, settingsOf, type Kind } from './destinations-fixtures';

let sandbox: DestinationsSandbox;
beforeEach(async () => {
  sandbox = await startDestinationsSandbox();
});
afterEach(() => sandbox.close());

/** What the destination holds now, diffed against the sample plan. */
async function diffNow(kind: Kind, mode: 'upsert' | 'mirror' = 'mirror') {
  const settings = settingsOf(kind, mode);
  const clock = fakeClock();
  const http = destinationHttp({
    destination: kind,
    baseUrl: sandbox.url,
    headers: authHeaders(settings, credentialsOf(kind), { tokenUrl: `${sandbox.url}/oauth/token`, clock }),
    clock,
  });
  const adapter = adapterFor(settings);
  return adapter.diff(adapter.desired(samplePlan(), settings), await readRemote(http, settings), mode);
}

describe.each(KINDS)('pushing the sample plan to %s', (kind) => {
  it('applies every operation, reads back with an empty diff, and a second push makes no write', async () => {
    const recorded: string[] = [];
    const first = await push(sandbox, kind, { record: (o) => void recorded.push(`${o.status}:${o.operation.key}`) });
    const expected = previewPush(samplePlan(), settingsOf(kind)).operations.length;
    expect(first.outcomes.filter((o) => o.status === 'failed')).toEqual([]);
    expect(first.outcomes).toHaveLength(expected);
    expect(recorded).toHaveLength(expected);
    expect(first.writeCalls).toBeGreaterThan(0);
    expect(await diffNow(kind)).toEqual([]);

    const writesBefore = sandbox.writes(kind).length;
    const second = await push(sandbox, kind);
    expect(second.outcomes).toEqual([]);
    expect(second.writeCalls).toBe(0);
    expect(sandbox.writes(kind)).toHaveLength(writesBefore);
  });

  it('survives a storm of 429s without losing an operation, waiting what Retry-After says', async () => {
    sandbox.storm(kind, 6, 7);
    const clock = fakeClock();
    const result = await push(sandbox, kind, { clock });
    expect(result.outcomes.every((o) => o.status === 'applied')).toBe(true);
    expect(clock.slept.filter((ms) => ms === 7000)).toHaveLength(6);
    expect(await diffNow(kind)).toEqual([]);
  });

  it('backs off on 5xx answers and then succeeds', async () => {
    sandbox.failNext(kind, { status: 503 }, { status: 502 });
    const clock = fakeClock();
    const result = await push(sandbox, kind, { clock });
    expect(clock.slept).toEqual([1000, 2000]);
    expect(result.outcomes.every((o) => o.status === 'applied')).toBe(true);
  });
});

describe('destination specifics', () => {
  it('Segment: 450 rules go as PATCH batches of at most 200, never PUT', async () => {
    const plan = samplePlan();
    const template = plan.events.find((e) => e.kind === 'track')!;
    const events = Array.from({ length: 450 }, (_, i) => ({
      ...template,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Generated Event ${i}`,
    }));
    const result = await push(sandbox, 'segment', { snapshot: { ...plan, events } });
    expect(result.outcomes.every((o) => o.status === 'applied')).toBe(true);
    const methods = sandbox.writes('segment').map((r) => r.method);
    expect(methods).not.toContain('PUT');
    expect(methods).toEqual(['PATCH', 'PATCH', 'PATCH']);
    expect(sandbox.state.segment.trackingPlans.tp_sandbox.length).toBeGreaterThanOrEqual(450);
  });

  it('Amplitude: a create answered 409 (made meanwhile by someone else) becomes a PUT', async () => {
    let injected = false;
    const result = await push(sandbox, 'amplitude', {
      record: (outcome) => {
        if (injected || outcome.operation.target !== 'event') return;
        injected = true;
        // Someone adds a property the push is about to create, between its read and its write.
        const eventType = outcome.operation.key.replace(/^event:/, '');
        const next = previewPush(samplePlan(), settingsOf('amplitude')).operations.find(
          (op) => op.target === 'event-property' && op.key.startsWith(`event-property:${eventType}:`),
        )!;
        const property = next.key.split(':').slice(2).join(':');
        sandbox.state.amplitude.eventProperties.push({
          event_type: eventType,
          event_property: property,
          description: 'made meanwhile',
          type: 'any',
          regex: '',
          enum_values: '',
          is_array_type: false,
        });
      },
    });
    expect(result.outcomes.every((o) => o.status === 'applied')).toBe(true);
    expect(sandbox.requests.some((r) => r.vendor === 'amplitude' && r.method === 'POST' && r.status === 409)).toBe(
      true,
    );
    expect(await diffNow('amplitude')).toEqual([]);
  });

  it('mParticle: one new plan version per changed push, none for an unchanged one', async () => {
    await push(sandbox, 'mparticle');
    await push(sandbox, 'mparticle');
    const versions = () => sandbox.state.mparticle.plans['10001/tracemap_sandbox'].data_plan_versions;
    expect(versions().map((v) => v.version)).toEqual([1]);
    const plan = samplePlan();
    const changed = { ...plan, events: plan.events.map((e, i) => (i === 0 ? { ...e, description: 'Changed' } : e)) };
    // The user activated version 1 in production: a push writes a version active nowhere and leaves that alone.
    versions()[0].activated_environment = 'production';
    await push(sandbox, 'mparticle', { snapshot: changed });
    expect(versions().map((v) => [v.version, v.activated_environment])).toEqual([
      [1, 'production'],
      [2, 'none'],
    ]);
    expect(versions()[1].version_document.data_points).toHaveLength(versions()[0].version_document.data_points.length);
  });

  it('RudderStack: names it would refuse are warned about and left out before anything is sent', async () => {
    const plan = samplePlan();
    const events = [...plan.events, { ...plan.events[0], id: '00000000-0000-4000-8000-0000000000ff', name: '9 Lives' }];
    const result = await push(sandbox, 'rudderstack', { snapshot: { ...plan, events } });
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'name_refused', subject: '9 Lives' }));
    expect(result.outcomes.every((o) => o.status === 'applied')).toBe(true);
    expect(sandbox.requests.filter((r) => r.vendor === 'rudderstack' && r.status === 400)).toEqual([]);
  });
});

describe('upsert and mirror', () => {
  const seed: Record<Kind, (s: DestinationsSandbox) => { exists: (name: string) => boolean }> = {
    segment: (s) => {
      const rules = s.state.segment.trackingPlans.tp_sandbox;
      const at = '2026-01-01T00:00:00Z';
      rules.push(
        {
          type: 'TRACK',
          key: 'Hand Made',
          version: 1,
          jsonSchema: { description: 'by hand' },
          createdAt: at,
          updatedAt: at,
        },
        {
          type: 'TRACK',
          key: 'Old Event',
          version: 1,
          jsonSchema: { description: `old ${MANAGED_MARK}` },
          createdAt: at,
          updatedAt: at,
        },
      );
      return { exists: (name) => rules.some((r) => r.key === name) };
    },
    amplitude: (s) => {
      const events = s.state.amplitude.events;
      events.push(
        { event_type: 'Hand Made', category: null, description: 'by hand' },
        { event_type: 'Old Event', category: null, description: `old ${MANAGED_MARK}` },
      );
      return { exists: (name) => events.some((e) => e.event_type === name) };
    },
    mparticle: (s) => {
      const plan = s.state.mparticle.plans['10001/tracemap_sandbox'];
      const point = (name: string, description: string) => ({
        description,
        match: { type: 'custom_event', criteria: { event_name: name, custom_event_type: 'other' } },
        validator: { type: 'json_schema', definition: {} },
      });
      plan.data_plan_versions.push({
        version: 1,
        activated_environment: 'production',
        created_on: '2026-01-01T00:00:00Z',
        version_document: { data_points: [point('Hand Made', 'by hand'), point('Old Event', `old ${MANAGED_MARK}`)] },
      });
      const latest = () => plan.data_plan_versions[plan.data_plan_versions.length - 1].version_document.data_points;
      return {
        exists: (name) =>
          latest().some((p) => (p.match as { criteria: { event_name?: string } }).criteria.event_name === name),
      };
    },
    rudderstack: (s) => {
      const events = s.state.rudderstack.events;
      events.push(
        { id: 'ev_hand', name: 'Hand Made', description: 'by hand', eventType: 'track' },
        { id: 'ev_old', name: 'Old Event', description: `old ${MANAGED_MARK}`, eventType: 'track' },
      );
      s.state.rudderstack.trackingPlans.tp_sandbox.push(
        { id: 'ev_hand', additionalProperties: false, identitySection: 'properties', properties: [] },
        { id: 'ev_old', additionalProperties: false, identitySection: 'properties', properties: [] },
      );
      return { exists: (name) => events.some((e) => e.name === name) };
    },
  };

  it.each(KINDS)('%s: upsert deletes nothing; mirror deletes only what Tracemap made', async (kind) => {
    const held = seed[kind](sandbox);
    const upsert = await push(sandbox, kind, { mode: 'upsert' });
    expect(upsert.outcomes.filter((o) => o.operation.action === 'delete')).toEqual([]);
    expect(held.exists('Hand Made')).toBe(true);
    expect(held.exists('Old Event')).toBe(true);

    const mirror = await push(sandbox, kind, { mode: 'mirror' });
    expect(mirror.outcomes.every((o) => o.status === 'applied')).toBe(true);
    expect(mirror.outcomes.some((o) => o.operation.action === 'delete')).toBe(true);
    expect(held.exists('Hand Made')).toBe(true);
    expect(held.exists('Old Event')).toBe(false);
  });
});

it('refuses credentials of another destination', async () => {
  await expect(
    pushDestination({
      settings: settingsOf('segment'),
      credentials: credentialsOf('amplitude'),
      baseUrl: sandbox.url,
      snapshot: samplePlan(),
      clock: fakeClock(),
    }),
  ).rejects.toMatchObject({ code: 'destination_credentials_mismatch' });
});

describe('refusals and tokens', () => {
  it('Amplitude: an item that already has data refuses edits; that operation fails and the others are applied', async () => {
    await push(sandbox, 'amplitude');
    const event = sandbox.state.amplitude.events[0];
    event.description = 'changed in Amplitude';
    sandbox.state.amplitude.events[1].description = 'changed too';
    sandbox.state.amplitude.ingested.push(`event:${event.event_type}`);
    const result = await push(sandbox, 'amplitude');
    expect(result.outcomes).toHaveLength(2);
    const failed = result.outcomes.filter((o) => o.status === 'failed');
    expect(failed).toEqual([
      expect.objectContaining({
        operation: { action: 'update', target: 'event', key: `event:${event.event_type}` },
        httpStatus: 400,
      }),
    ]);
    expect(sandbox.state.amplitude.events[1].description).toContain(MANAGED_MARK);
  });

  it('mParticle: one client-credentials token serves the whole push', async () => {
    await push(sandbox, 'mparticle');
    expect(sandbox.requests.filter((r) => r.vendor === 'oauth')).toHaveLength(1);
  });

  it('a destination that refuses the credentials stops the push with a typed error', async () => {
    await expect(
      pushDestination({
        settings: settingsOf('rudderstack'),
        credentials: { kind: 'rudderstack', token: 'wrong' },
        baseUrl: sandbox.url,
        snapshot: samplePlan(),
        clock: fakeClock(),
      }),
    ).rejects.toMatchObject({ statusCode: 502, code: 'destination_auth_failed' });
    expect(sandbox.writes('rudderstack')).toEqual([]);
  });
});
