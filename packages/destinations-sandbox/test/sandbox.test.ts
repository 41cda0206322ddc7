import { LOCAL_DESTINATIONS as L, startDestinationsSandbox, type DestinationsSandbox } from '../src';

let sandbox: DestinationsSandbox;
beforeEach(async () => {
  sandbox = await startDestinationsSandbox();
});
afterEach(() => sandbox.close());

const call = async (path: string, init: RequestInit & { json?: unknown; form?: Record<string, string> } = {}) => {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(`${sandbox.url}${path}`, { ...init, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: text ? JSON.parse(text) : null,
  };
};
const segmentAuth = { authorization: `Bearer ${L.segment.token}` };
const amplitudeAuth = {
  authorization: `Basic ${Buffer.from(`${L.amplitude.apiKey}:${L.amplitude.secretKey}`).toString('base64')}`,
};
const rules = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ type: 'TRACK', key: `E${i}`, version: 1, jsonSchema: {} }));

describe('Segment stand-in', () => {
  const path = `/tracking-plans/${L.segment.trackingPlanId}/rules`;
  it('refuses a missing token with Segment’s error body', async () => {
    const answer = await call(path);
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].message).toMatch(/token/);
  });
  it('upserts with PATCH, refuses PUT of more than 200 rules and pages reads by 200', async () => {
    expect((await call(path, { method: 'PATCH', headers: segmentAuth, json: { rules: rules(200) } })).status).toBe(200);
    expect(
      (await call(path, { method: 'PATCH', headers: segmentAuth, json: { rules: rules(250).slice(200) } })).status,
    ).toBe(200);
    const put = await call(path, { method: 'PUT', headers: segmentAuth, json: { rules: rules(201) } });
    expect(put.status).toBe(400);
    expect(sandbox.state.segment.trackingPlans[L.segment.trackingPlanId]).toHaveLength(250);
    const page = (query: Record<string, string>) =>
      call(`${path}?${new URLSearchParams(query)}`, { headers: segmentAuth });
    const first = await page({ 'pagination[count]': '200' });
    expect(first.body.data.rules).toHaveLength(200);
    const second = await page({ 'pagination[count]': '200', 'pagination[cursor]': first.body.data.pagination.next });
    expect(second.body.data.rules).toHaveLength(50);
    expect(second.body.data.pagination.next).toBeNull();
    // A dotted name is no parameter of Segment's: the default page comes back.
    expect((await page({ 'pagination.count': '200' })).body.data.rules).toHaveLength(10);
  });
  it('removes the rules named in the query string by type, key and version, and nothing without them', async () => {
    await call(path, { method: 'PATCH', headers: segmentAuth, json: { rules: rules(3) } });
    const named = new URLSearchParams({
      'rules[0][type]': 'TRACK',
      'rules[0][key]': 'E0',
      'rules[0][version]': '1',
      'rules[1][type]': 'TRACK',
      'rules[1][key]': 'E2',
      'rules[1][version]': '2',
    });
    const removed = await call(`${path}?${named}`, { method: 'DELETE', headers: segmentAuth });
    expect(removed).toMatchObject({ status: 200, body: { data: { status: 'SUCCESS' } } });
    // E2 is held at version 1, so only E0 goes.
    expect(sandbox.state.segment.trackingPlans[L.segment.trackingPlanId].map((r) => r.key)).toEqual(['E1', 'E2']);
    const inBody = await call(path, {
      method: 'DELETE',
      headers: segmentAuth,
      json: { rules: [{ type: 'TRACK', key: 'E1', version: 1 }] },
    });
    expect(inBody.status).toBe(400);
    expect(sandbox.state.segment.trackingPlans[L.segment.trackingPlanId]).toHaveLength(2);
  });
  it('answers 429 with Retry-After past its reads a minute and during a storm', async () => {
    await sandbox.close();
    let now = 1_000_000;
    sandbox = await startDestinationsSandbox({ segmentReadsPerMinute: 2, now: () => now });
    await call(path, { headers: segmentAuth });
    await call(path, { headers: segmentAuth });
    const limited = await call(path, { headers: segmentAuth });
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBe(60);
    now += 60_000;
    expect((await call(path, { headers: segmentAuth })).status).toBe(200);
    sandbox.storm('segment', 2, 3);
    expect((await call(path, { headers: segmentAuth })).retryAfter).toBe('3');
    expect((await call(path, { headers: segmentAuth })).status).toBe(429);
    expect((await call(path, { headers: segmentAuth })).status).toBe(200);
  });
});

describe('Amplitude stand-in', () => {
  const T = '/api/2/taxonomy';
  it('takes form bodies under basic auth, answers 409 on a second create and edits only planned items', async () => {
    expect((await call(`${T}/event`, { method: 'POST', form: { event_type: 'A' } })).status).toBe(401);
    const created = await call(`${T}/event`, {
      method: 'POST',
      headers: amplitudeAuth,
      form: { event_type: 'Signed Up', description: 'x' },
    });
    expect(created.body).toEqual({ success: true });
    const again = await call(`${T}/event`, {
      method: 'POST',
      headers: amplitudeAuth,
      form: { event_type: 'Signed Up' },
    });
    expect(again.status).toBe(409);
    expect(again.body.success).toBe(false);
    expect(
      (await call(`${T}/event/Signed%20Up`, { method: 'PUT', headers: amplitudeAuth, form: { description: 'y' } }))
        .status,
    ).toBe(200);
    sandbox.state.amplitude.ingested.push('event:Signed Up');
    expect(
      (await call(`${T}/event/Signed%20Up`, { method: 'PUT', headers: amplitudeAuth, form: { description: 'z' } }))
        .status,
    ).toBe(400);
    expect(sandbox.state.amplitude.events[0].description).toBe('y');
  });
  it('counts cost, not calls, against its hourly budget: a write costs 2, a read 1', async () => {
    const small = await startDestinationsSandbox({ amplitudeCostPerHour: 5 });
    try {
      const send = async (method: string, form?: Record<string, string>) => {
        const response = await fetch(`${small.url}${T}/event`, {
          method,
          headers: form ? { ...amplitudeAuth, 'content-type': 'application/x-www-form-urlencoded' } : amplitudeAuth,
          body: form ? new URLSearchParams(form).toString() : undefined,
        });
        await response.text();
        return { status: response.status, retryAfter: response.headers.get('retry-after') };
      };
      expect((await send('POST', { event_type: 'A' })).status).toBe(200);
      expect((await send('POST', { event_type: 'B' })).status).toBe(200);
      // 4 of 5 spent: a third write does not fit, a read still does.
      const refused = await send('POST', { event_type: 'C' });
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect((await send('GET')).status).toBe(200);
      expect((await send('GET')).status).toBe(429);
      expect(small.state.amplitude.events.map((e) => e.event_type)).toEqual(['A', 'B']);
    } finally {
      await small.close();
    }
  });
  it('answers custom user properties with the gp: prefix', async () => {
    await call(`${T}/user-property`, {
      method: 'POST',
      headers: amplitudeAuth,
      form: { user_property: 'plan', type: 'string' },
    });
    const list = await call(`${T}/user-property`, { headers: amplitudeAuth });
    expect(list.body.data.map((p: { user_property: string }) => p.user_property)).toEqual(['gp:plan']);
  });
});

describe('mParticle stand-in', () => {
  const plan = `/platform/v2/workspaces/${L.mparticle.workspaceId}/plans/${L.mparticle.planId}`;
  it('needs a client-credentials token, then takes new versions with unused numbers only', async () => {
    expect((await call(plan)).status).toBe(401);
    const denied = await call('/oauth/token', {
      method: 'POST',
      json: { client_id: 'x', client_secret: 'y', grant_type: 'client_credentials' },
    });
    expect(denied.status).toBe(401);
    const token = await call('/oauth/token', {
      method: 'POST',
      json: {
        client_id: L.mparticle.clientId,
        client_secret: L.mparticle.clientSecret,
        grant_type: 'client_credentials',
        audience: 'https://api.mparticle.com',
      },
    });
    const auth = { authorization: `Bearer ${token.body.access_token}` };
    const doc = {
      data_points: [
        {
          description: 'd',
          match: { type: 'screen_view', criteria: { screen_name: 'Home' } },
          validator: { type: 'json_schema', definition: {} },
        },
      ],
    };
    expect(
      (await call(`${plan}/versions`, { method: 'POST', headers: auth, json: { version: 1, version_document: doc } }))
        .status,
    ).toBe(200);
    expect(
      (await call(`${plan}/versions`, { method: 'POST', headers: auth, json: { version: 1, version_document: doc } }))
        .status,
    ).toBe(400);
    const post = (body: Record<string, unknown>) =>
      call(`${plan}/versions`, { method: 'POST', headers: auth, json: body });
    const [point] = doc.data_points;
    for (const bad of [
      { ...point, match: { type: 'commerce_event', criteria: {} } },
      { ...point, match: { type: 'user_attributes' } },
      { ...point, match: { type: 'custom_event', criteria: { event_name: 'A', custom_event_type: 'purchase' } } },
      { ...point, validator: undefined },
    ])
      expect((await post({ version: 2, version_document: { data_points: [bad] } })).status).toBe(400);
    expect((await post({ version: 2, version_document: doc, activated_environment: 'staging' })).status).toBe(400);
    const read = await call(plan, { headers: auth });
    expect(read.body.data_plan_versions).toHaveLength(1);
    // A version that does not say where it is active is active nowhere.
    expect(read.body.data_plan_versions[0].activated_environment).toBe('none');
  });
});

describe('RudderStack stand-in', () => {
  const auth = { authorization: `Bearer ${L.rudderstack.token}` };
  it('checks names, wants catalog ids in tracking-plan events and keeps used items from deletion', async () => {
    expect(
      (await call('/v2/catalog/events', { method: 'POST', headers: auth, json: { name: '1x', eventType: 'track' } }))
        .status,
    ).toBe(400);
    const event = await call('/v2/catalog/events', {
      method: 'POST',
      headers: auth,
      json: { name: 'Order Completed', eventType: 'track' },
    });
    const tp = `/v2/catalog/tracking-plans/${L.rudderstack.trackingPlanId}/events`;
    const unknown = await call(tp, {
      method: 'PUT',
      headers: auth,
      json: { events: [{ id: 'ev_missing', properties: [] }] },
    });
    expect(unknown.status).toBe(400);
    // Events named by id go through PUT; PATCH wants an event as a JSON Schema.
    const byId = { events: [{ id: event.body.id, identitySection: 'properties', properties: [] }] };
    expect((await call(tp, { method: 'PATCH', headers: auth, json: byId })).status).toBe(400);
    expect((await call(tp, { method: 'PUT', headers: auth, json: byId })).status).toBe(200);
    const asProperties = await call(`${tp}/${event.body.id}?format=properties`, { headers: auth });
    expect(asProperties.body).toMatchObject({ id: event.body.id, name: 'Order Completed', properties: [] });
    const asSchema = await call(`${tp}/${event.body.id}`, { headers: auth });
    expect(asSchema.body).toMatchObject({ id: event.body.id, rules: { type: 'object' } });
    expect(asSchema.body).not.toHaveProperty('properties');
    expect((await call(`/v2/catalog/events/${event.body.id}`, { method: 'DELETE', headers: auth })).status).toBe(400);
    expect((await call(`${tp}/${event.body.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect((await call(`/v2/catalog/events/${event.body.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
  });
});

describe('local run', () => {
  it('keeps what arrived in a state file across restarts and shows it at /_sandbox', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const stateFile = join(mkdtempSync(join(tmpdir(), 'destinations-sandbox-')), 'state.json');
    await sandbox.close();
    sandbox = await startDestinationsSandbox({ stateFile });
    await call(`/tracking-plans/${L.segment.trackingPlanId}/rules`, {
      method: 'PATCH',
      headers: segmentAuth,
      json: { rules: rules(3) },
    });
    await sandbox.close();
    sandbox = await startDestinationsSandbox({ stateFile });
    expect((await call('/_sandbox')).body.segment).toEqual({ [L.segment.trackingPlanId]: { rules: 3 } });
    expect((await call('/_sandbox/state')).body.segment.trackingPlans[L.segment.trackingPlanId]).toHaveLength(3);
  });
});
