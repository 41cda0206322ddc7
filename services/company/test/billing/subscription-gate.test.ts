import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { SUBSCRIPTION_EVENTS_CHANNEL } from '@tracemap/contracts';
import { service } from '../../src/app';
import { createCompanyAs, SERVICE_TOKEN, startHarness, type Harness } from '../support/harness';

// Billing switched on: plan edits need a running subscription, new companies get a trial.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { BILLING_ENFORCED: 'true', TRIAL_WORKER_POLL_MS: '3600000' } });
});
afterAll(async () => {
  await h?.close();
});

const REQUIRED = {
  statusCode: 402,
  code: 'subscription_required',
  message:
    'This company has no active subscription. Reading is still possible; ask an owner or admin to manage the subscription.',
};

/** A company whose trial request billing has already answered. */
async function companyWithStatus(status: string | null) {
  const owner = await h.user();
  const companyId = await createCompanyAs(h, owner);
  await h.app.companyService.deps.trials.drain();
  if (status) h.peer.subscriptions.set(companyId, { status, cardExpirationMonth: 1, cardExpirationYear: 2030 });
  const plan = (method: 'GET' | 'POST', path: string, payload?: object) =>
    h.call(owner, { method, url: `/api/company/${companyId}${path}`, ...(payload ? { payload } : {}) });
  return { owner, companyId, plan };
}

const internal = (method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: { 'x-service-token': SERVICE_TOKEN }, ...(payload ? { payload } : {}) });

test("creating a company asks billing for the creator's trial once, after the company exists", async () => {
  const owner = await h.user();
  const companyId = await createCompanyAs(h, owner);
  await h.app.companyService.deps.trials.drain();
  expect(h.peer.trialStarts.filter((t) => t.companyId === companyId)).toEqual([{ companyId, creatorUserId: owner.id }]);
  const row = await h.admin.query(
    `SELECT done_at IS NOT NULL AS done, attempts FROM company.trial_requests WHERE company_id = $1`,
    [companyId],
  );
  expect(row.rows[0]).toEqual({ done: true, attempts: 0 });
  await h.app.companyService.deps.trials.drain();
  expect(h.peer.trialStarts.filter((t) => t.companyId === companyId)).toHaveLength(1);
});

test('a trial request billing cannot take is kept and handed over again later', async () => {
  h.peer.trialAnswer.status = 503;
  const owner = await h.user();
  const companyId = await createCompanyAs(h, owner);
  try {
    await h.app.companyService.deps.trials.drain();
    const failed = await h.admin.query(
      `SELECT done_at, attempts, last_error IS NOT NULL AS noted FROM company.trial_requests WHERE company_id = $1`,
      [companyId],
    );
    expect(failed.rows[0]).toEqual({ done_at: null, attempts: 1, noted: true });
    // While the trial is on its way the new company can already work.
    const early = await h.call(owner, {
      method: 'POST',
      url: `/api/company/${companyId}/attributes`,
      payload: { name: 'order_id', type: 'string' },
    });
    expect(early.statusCode).toBe(201);
  } finally {
    h.peer.trialAnswer.status = 200;
  }
  await h.admin.query(`UPDATE company.trial_requests SET next_attempt_at = now() WHERE company_id = $1`, [companyId]);
  await h.app.companyService.deps.trials.drain();
  const done = await h.admin.query(
    `SELECT done_at IS NOT NULL AS done FROM company.trial_requests WHERE company_id = $1`,
    [companyId],
  );
  expect(done.rows[0].done).toBe(true);
  expect(h.peer.trialStarts.filter((t) => t.companyId === companyId)).toHaveLength(2);
});

test('without a subscription the plan is readable but every edit is 402; members, settings and info stay open', async () => {
  const { owner, companyId, plan } = await companyWithStatus(null);
  expect(
    await plan('POST', '/attributes', { name: 'order_id', type: 'string' }).then((r) => [r.statusCode, r.json()]),
  ).toEqual([402, REQUIRED]);
  expect((await plan('POST', '/events', { name: 'Order Completed' })).statusCode).toBe(402);
  expect((await plan('POST', '/views', { name: 'Checkout' })).statusCode).toBe(402);
  expect((await plan('GET', '/attributes')).statusCode).toBe(200);
  expect((await plan('GET', '/events')).statusCode).toBe(200);
  const settings = await h.call(owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId, attributeInheritance: true },
  });
  expect(settings.statusCode).toBe(200);
  const info = await h.call(owner, { method: 'POST', url: '/api/company/info', payload: { companyId } });
  expect(info.statusCode).toBe(200);
  expect(info.json().subscription).toBeNull();
});

test.each([
  ['active', 201],
  ['trialing', 201],
  ['canceled', 201],
  ['past_due', 201],
  ['terminated', 402],
])('a company whose subscription is %s gets %s when it edits', async (status, expected) => {
  const { plan } = await companyWithStatus(status);
  expect((await plan('POST', '/attributes', { name: `attr_${status}`, type: 'string' })).statusCode).toBe(expected);
});

test('the status is kept until billing reports a change, then read again', async () => {
  const { companyId, plan } = await companyWithStatus('active');
  expect((await plan('POST', '/attributes', { name: 'first', type: 'string' })).statusCode).toBe(201);
  h.peer.subscriptions.set(companyId, { status: 'terminated', cardExpirationMonth: 1, cardExpirationYear: 2030 });
  expect((await plan('POST', '/attributes', { name: 'second', type: 'string' })).statusCode).toBe(201);
  expect((await internal('POST', `/internal/companies/${companyId}/subscription-changed`)).statusCode).toBe(200);
  expect((await plan('POST', '/attributes', { name: 'third', type: 'string' })).statusCode).toBe(402);
});

test('when billing cannot answer, edits go through (fail open)', async () => {
  const app = await service.build(
    { ...h.config, SUBSCRIPTION_URL: 'http://127.0.0.1:9', BILLING_ENFORCED: true },
    { verifier: h.tokens.verifier },
  );
  try {
    const owner = await h.user();
    const companyId = await createCompanyAs(
      {
        ...h,
        app,
        call: (user, options) => app.inject({ ...options, headers: { authorization: `Bearer ${user!.token}` } }),
      },
      owner,
    );
    await app.companyService.deps.trials.drain();
    // Not the pending-trial allowance: billing is simply unreachable.
    await h.admin.query(`UPDATE company.trial_requests SET done_at = now() WHERE company_id = $1`, [companyId]);
    const edit = await app.inject({
      method: 'POST',
      url: `/api/company/${companyId}/attributes`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'order_id', type: 'string' },
    });
    expect(edit.statusCode).toBe(201);
  } finally {
    await app.close();
  }
});

test("billing's internal routes: the caller's role, fresh company info, billing contacts; service token required", async () => {
  const { owner, companyId } = await companyWithStatus('active');
  const stranger = randomUUID();
  expect((await internal('GET', `/internal/companies/${companyId}/members/${owner.id}`)).json()).toEqual({
    role: 'owner',
  });
  const none = await internal('GET', `/internal/companies/${companyId}/members/${stranger}`);
  expect([none.statusCode, none.json().code]).toEqual([404, 'company_not_found']);

  const info = await internal('POST', `/internal/companies/${companyId}/info`, { userId: owner.id });
  expect(info.json()).toEqual(
    expect.objectContaining({ role: 'owner', subscription: expect.objectContaining({ status: 'active' }) }),
  );
  h.peer.subscriptions.set(companyId, { status: 'past_due', cardExpirationMonth: 1, cardExpirationYear: 2030 });
  const fresh = await internal('POST', `/internal/companies/${companyId}/info`, { userId: owner.id });
  expect(fresh.json().subscription.status).toBe('past_due');

  const contacts = await internal('GET', `/internal/companies/${companyId}/billing-contacts`);
  expect(contacts.json()).toEqual({
    companyName: expect.any(String),
    contacts: [{ email: owner.email, firstName: null }],
  });

  for (const url of [
    `/internal/companies/${companyId}/members/${owner.id}`,
    `/internal/companies/${companyId}/billing-contacts`,
  ]) {
    expect((await h.app.inject({ url })).statusCode).toBe(401);
  }
});

test("billing's announcement on the database drops the kept status on every replica", async () => {
  const { companyId, plan } = await companyWithStatus('active');
  expect((await plan('POST', '/attributes', { name: 'kept', type: 'string' })).statusCode).toBe(201);
  h.peer.subscriptions.set(companyId, { status: 'terminated', cardExpirationMonth: 1, cardExpirationYear: 2030 });
  await h.app.companyService.subscriptionEvents!.whenUp(10_000);
  const heard = once(h.app.companyService.deps.subscriptions, 'invalidated');
  await h.admin.query('SELECT pg_notify($1, $2)', [SUBSCRIPTION_EVENTS_CHANNEL, companyId]);
  expect(await heard).toEqual([companyId]);
  expect((await plan('POST', '/attributes', { name: 'refused', type: 'string' })).statusCode).toBe(402);
});
