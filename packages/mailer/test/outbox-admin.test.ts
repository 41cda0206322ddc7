import { useOutboxDatabase } from './helpers';
import { enqueueEmail, getOutboxEmail, outboxStats, resendFailedEmail, searchOutbox } from '../src';

const SCHEMA = 'mail_admin_test';
const world = useOutboxDatabase(SCHEMA);

async function failedEmail(to: string): Promise<string> {
  const { rows } = await world.pool.query<{ id: string }>(
    `INSERT INTO ${SCHEMA}.outbox (template, recipient, data, status, attempts, last_error)
     VALUES ('reset-password', $1, '{"link":"https://example.com/r"}', 'failed', 8, '550 no such user') RETURNING id`,
    [to],
  );
  return rows[0].id;
}

test('concurrent resends of one failed email queue exactly one copy, and every caller learns its id', async () => {
  const id = await failedEmail('twice@example.com');
  const answers = await Promise.all(Array.from({ length: 5 }, () => resendFailedEmail(world.pool, SCHEMA, id)));
  const queued = answers.filter((a) => a.outcome === 'queued');
  expect(queued).toHaveLength(1);
  const copyId = (queued[0] as { id: string }).id;
  expect(answers.filter((a) => a.outcome === 'already_resent')).toEqual(
    Array.from({ length: 4 }, () => ({ outcome: 'already_resent', id: copyId })),
  );
  const { rows } = await world.pool.query(
    `SELECT status, recipient, template FROM ${SCHEMA}.outbox WHERE dedupe_key = $1`,
    [`resend:${id}`],
  );
  expect(rows).toEqual([{ status: 'pending', recipient: 'twice@example.com', template: 'reset-password' }]);
  expect(await getOutboxEmail(world.pool, SCHEMA, id)).toMatchObject({
    resentAs: copyId,
    lastError: '550 no such user',
    subject: 'Reset your Tracemap password',
  });
  expect(await getOutboxEmail(world.pool, SCHEMA, copyId)).toMatchObject({ resendOf: id, resentAs: null });
});

test('only a failed email can be resent; an unknown one is not found', async () => {
  const { id } = await enqueueEmail(world.pool, SCHEMA, { template: 'confirm-email', to: 'pending@example.com' });
  expect(await resendFailedEmail(world.pool, SCHEMA, id!)).toEqual({ outcome: 'not_failed' });
  expect(await resendFailedEmail(world.pool, SCHEMA, '00000000-0000-4000-8000-000000000000')).toEqual({
    outcome: 'not_found',
  });
});

test('search matches part of the recipient literally (LIKE wildcards are plain text), template and status', async () => {
  await failedEmail('under_score@example.com');
  await failedEmail('underXscore@example.com');
  const literal = await searchOutbox(world.pool, SCHEMA, { recipient: 'under_score' });
  expect(literal.map((e) => e.to)).toEqual(['under_score@example.com']);
  const failed = await searchOutbox(world.pool, SCHEMA, {
    status: 'failed',
    template: 'reset-password',
    recipient: 'UNDER',
  });
  expect(failed.map((e) => e.to).sort()).toEqual(['underXscore@example.com', 'under_score@example.com']);
  const stats = await outboxStats(world.pool, SCHEMA);
  expect(stats.failed).toBeGreaterThanOrEqual(3);
  expect(stats.hourly).toHaveLength(24);
  expect(stats.hourly[23]).toBe(stats.queued + stats.sent + stats.failed);
});
