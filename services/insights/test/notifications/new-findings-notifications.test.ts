import { randomUUID } from 'node:crypto';
import type { NotificationBody } from '@tracemap/contracts';
import { examplePlanSnapshot, generateExampleTraffic } from '@tracemap/discovery';
import { IntegrationsPeer, waitFor } from '@tracemap/test-kit';
import { startDiscoveryHarness, type DiscoveryHarness } from '../ingest/support/discovery-harness';

let h: DiscoveryHarness;
let integrations: IntegrationsPeer<NotificationBody>;
let companyId: string;
beforeAll(async () => {
  integrations = new IntegrationsPeer<NotificationBody>();
  h = await startDiscoveryHarness({}, { INTEGRATIONS_URL: await integrations.start() });
  companyId = randomUUID();
  h.peer.subscriptions.set(companyId, 'active');
  h.peer.snapshots.set(companyId, { ...examplePlanSnapshot(), companyId });
  const editor = await h.user(companyId, 'creator');
  const traffic = [...generateExampleTraffic({ seed: 9, events: 800, format: 'segment' })];
  const upload = await h.call(editor, {
    method: 'POST',
    url: `/api/insights/${companyId}/discovery/uploads`,
    headers: { 'content-type': 'application/x-ndjson' },
    payload: traffic.map((r) => JSON.stringify(r)).join('\n'),
  });
  expect(upload.statusCode).toBe(202);
  const { runId } = upload.json();
  await waitFor(() => h.call(editor, { method: 'GET', url: `/api/insights/${companyId}/discovery/runs/${runId}` }), {
    until: (response) => response.json().status === 'succeeded',
    timeoutMs: 30_000,
  });
  // Judging is over once the worker and the judges have stopped: the findings below are final.
  await h.deps.discovery.ingest.stop();
  await h.deps.discovery.judges.stop();
});
afterAll(async () => {
  await h.close();
  await integrations.stop();
});

test('the findings judgements raise for the first time are told once, as one burst, most severe first', async () => {
  const { rows: findings } = await h.admin.query<{ severity: string }>(
    `SELECT severity FROM insights.findings WHERE company_id = $1`,
    [companyId],
  );
  expect(findings.length).toBeGreaterThan(0);
  const { rows: bursts } = await h.admin.query<{ id: string; item_count: number }>(
    `SELECT id, item_count FROM insights.notification_relay
      WHERE company_id = $1 AND kind = 'finding_new' AND sent_at IS NULL`,
    [companyId],
  );
  // Every finding was new once, whichever judgement raised it; one burst holds them all.
  expect(bursts).toHaveLength(1);
  expect(bursts[0].item_count).toBe(findings.length);

  await h.admin.query(`UPDATE insights.notification_relay SET due_at = now() WHERE id = $1`, [bursts[0].id]);
  await h.deps.notifications!.drain();
  await waitFor(() => integrations.received.length, { until: (n) => n === 1, timeoutMs: 10_000 });
  const { body } = integrations.received[0];
  const has = (severity: string) => findings.some((f) => f.severity === severity);
  const worst = has('high') ? 'critical' : has('medium') ? 'warning' : 'info';
  expect(body).toMatchObject({
    companyId,
    kind: 'finding_new',
    dedupeKey: `findings-burst:${bursts[0].id}`,
    payload: {
      title: `Analytics discovery: ${findings.length} new findings`,
      link: `/company/${companyId}/analytics-discovery`,
      severity: worst,
    },
  });

  // Judging again raises nothing new: nothing more to tell.
  await h.deps.discovery.judges.now(companyId);
  const { rows: open } = await h.admin.query(
    `SELECT 1 FROM insights.notification_relay WHERE company_id = $1 AND kind = 'finding_new' AND sent_at IS NULL`,
    [companyId],
  );
  expect(open).toEqual([]);
});

test('a company judged today gets one digest of its open findings, due at 09:00 UTC the next morning', async () => {
  const { rows: digests } = await h.admin.query<{ id: string; burst_key: string; due_at: Date }>(
    `SELECT id, burst_key, due_at FROM insights.notification_relay WHERE company_id = $1 AND kind = 'findings_digest'`,
    [companyId],
  );
  // However many judgements ran today: one digest.
  expect(digests).toHaveLength(1);
  const day = digests[0].burst_key.replace('digest:', '');
  expect(digests[0].due_at.toISOString()).toBe(
    new Date(Date.parse(`${day}T09:00:00.000Z`) + 24 * 3600 * 1000).toISOString(),
  );
  const before = integrations.received.length;
  await h.admin.query(`UPDATE insights.notification_relay SET due_at = now() WHERE id = $1`, [digests[0].id]);
  await h.deps.notifications!.drain();
  await waitFor(() => integrations.received.length, { until: (n) => n === before + 1, timeoutMs: 10_000 });
  const { rows: open } = await h.admin.query(
    `SELECT count(*)::int AS n FROM insights.findings WHERE company_id = $1 AND state = 'open'`,
    [companyId],
  );
  expect(integrations.received.at(-1)!.body).toMatchObject({
    kind: 'findings_digest',
    dedupeKey: `digest:${companyId}:${day}`,
    payload: { title: `Analytics discovery: ${open[0].n} open findings` },
  });
});
