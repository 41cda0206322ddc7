import type { NotificationBody } from '@tracemap/contracts';
import { IntegrationsPeer, waitFor } from '@tracemap/test-kit';
import { addMember, startHarness, type Harness, type TestUser } from '../support/harness';
import { api, body, planWorld, type PlanWorld } from '../tracking-plan/plan-support';

let h: Harness;
let integrations: IntegrationsPeer<NotificationBody>;
let world: PlanWorld;
let plan: ReturnType<typeof api>;
let admin: TestUser;
beforeAll(async () => {
  integrations = new IntegrationsPeer<NotificationBody>();
  h = await startHarness({ env: { INTEGRATIONS_URL: await integrations.start() } });
  world = await planWorld(h);
  plan = api(h, world);
  admin = await h.user();
  await addMember(h, world.companyId, admin.id, 'admin');
});
afterAll(async () => {
  await h.close();
  await integrations.stop();
});

const relay = async () => {
  await h.admin.query(
    `UPDATE company.notification_relay SET due_at = now() WHERE company_id = $1 AND sent_at IS NULL AND due_at > now()`,
    [world.companyId],
  );
  await h.app.companyService.deps.notifications!.drain();
};
const about = (proposalId: string) =>
  integrations.received.filter((r) => r.body.subject === `proposal:${proposalId}`).map((r) => r.body);
const reviewEmails = async (proposalId: string) =>
  (
    await h.admin.query<{ recipient: string; data: { link: string; proposalName: string; companyName: string } }>(
      `SELECT recipient, data FROM company.outbox WHERE template = 'review-requested' AND dedupe_key LIKE $1 ORDER BY recipient`,
      [`proposal-review:${proposalId}:%`],
    )
  ).rows;

async function open(name: string): Promise<string> {
  const response = await plan.post('/proposals', { name }, world.creator);
  expect(response.statusCode).toBe(201);
  return body(response).id;
}

test('asking for reviewers queues one email per reviewer and one notification; asking again adds neither', async () => {
  const id = await open('Checkout events');
  const ask = () => plan.post(`/proposals/${id}/reviewers`, { userIds: [admin.id, world.viewer.id] }, world.creator);
  expect((await ask()).statusCode).toBe(200);

  const emails = await reviewEmails(id);
  expect(emails.map((e) => e.recipient)).toEqual([admin.email, world.viewer.email].sort());
  for (const email of emails) {
    expect(new URL(email.data.link).pathname).toBe(`/company/${world.companyId}/proposals/${id}`);
    expect(email.data.proposalName).toBe('Checkout events');
  }
  await relay();
  await waitFor(() => about(id).length, { until: (n) => n === 1, timeoutMs: 10_000 });
  expect(about(id)[0]).toMatchObject({
    companyId: world.companyId,
    kind: 'review_requested',
    payload: {
      title: 'Review requested on proposal “Checkout events” from 2 members',
      link: `/company/${world.companyId}/proposals/${id}`,
      details: { proposalId: id, reviewerIds: [admin.id, world.viewer.id].sort() },
    },
  });

  // A retried request (or asking the same people again) sends nothing new.
  expect((await ask()).statusCode).toBe(200);
  await relay();
  expect(await reviewEmails(id)).toHaveLength(2);
  expect(about(id)).toHaveLength(1);
  const { rows } = await h.admin.query(
    `SELECT 1 FROM company.notification_relay WHERE company_id = $1 AND kind = 'review_requested' AND burst_key = $2`,
    [world.companyId, id],
  );
  expect(rows).toHaveLength(1);
});

test('a refused reviewer queues no email and tells nobody', async () => {
  const id = await open('Refused reviewers');
  const stranger = await h.user();
  const refused = await plan.post(`/proposals/${id}/reviewers`, { userIds: [admin.id, stranger.id] }, world.creator);
  expect(body(refused).code).toBe('unknown_reviewer');
  expect(await reviewEmails(id)).toEqual([]);
  await relay();
  expect(about(id)).toEqual([]);
});

test('every status change of a proposal but a return to draft is one message, threaded under the proposal', async () => {
  const id = await open('Signup rework');
  const p = `/proposals/${id}`;
  expect((await plan.post(`/events?proposal=${id}`, { name: 'Signup Started' }, world.creator)).statusCode).toBe(201);
  const status = (to: string) => plan.post(`${p}/status`, { status: to }, world.creator);
  expect((await status('ready_for_review')).statusCode).toBe(200);
  expect((await status('draft')).statusCode).toBe(200);
  expect((await status('ready_for_review')).statusCode).toBe(200);
  const review = (decision: string) => plan.post(`${p}/reviews`, { decision, comment: 'Looked' }, admin);
  expect((await review('request_changes')).statusCode).toBe(200);
  expect((await review('approve')).statusCode).toBe(200);
  expect((await plan.post(`${p}/merge`, {}, world.creator)).statusCode).toBe(200);
  await relay();

  await waitFor(() => about(id).length, { until: (n) => n === 5, timeoutMs: 10_000 });
  const messages = about(id);
  expect(messages.every((m) => m.kind === 'proposal_changed')).toBe(true);
  // The relay's workers may post bursts due together in any order; each message stands alone.
  expect(messages.map((m) => m.payload.title).sort()).toEqual(
    [
      'Proposal “Signup rework”: ready for review',
      'Proposal “Signup rework”: ready for review',
      'Proposal “Signup rework”: changes requested',
      'Proposal “Signup rework”: approved',
      'Proposal “Signup rework”: merged into the tracking plan',
    ].sort(),
  );
  const titled = (end: string) => messages.find((m) => m.payload.title.endsWith(end))!;
  expect(titled('changes requested').payload.details).toMatchObject({ from: 'ready_for_review', userId: admin.id });
  expect(titled('tracking plan').payload.text).toMatch(/^Plan version \d+$/);
  expect(new Set(messages.map((m) => m.dedupeKey)).size).toBe(5);

  // Closing another one is told too; a relay retried after the integrations service refused sends it once.
  const closing = await open('Abandoned');
  expect((await plan.post(`/proposals/${closing}/status`, { status: 'closed' }, world.creator)).statusCode).toBe(200);
  integrations.failures.push(503);
  await relay();
  expect(about(closing)).toEqual([]);
  await relay();
  await waitFor(() => about(closing).length, { until: (n) => n === 1, timeoutMs: 10_000 });
  expect(about(closing)[0].payload.title).toBe('Proposal “Abandoned”: closed');
});
