import { useOutboxDatabase } from './helpers';
import { outboxBacklog } from '../src';

const SCHEMA = 'mail_backlog_test';
const world = useOutboxDatabase(SCHEMA);

const add = (status: string, dueInSeconds: number) =>
  world.pool.query(
    `INSERT INTO ${SCHEMA}.outbox (template, recipient, status, next_attempt_at)
     VALUES ('reset-password', 'a@example.com', $1, now() + make_interval(secs => $2))`,
    [status, dueInSeconds],
  );

test('the backlog counts emails not yet sent and how long the oldest due one has waited', async () => {
  expect(await outboxBacklog(world.pool, SCHEMA)).toEqual({ waiting: 0, oldestDueSeconds: 0 });
  await add('pending', 3600); // retried later: waiting, not yet due
  expect(await outboxBacklog(world.pool, SCHEMA)).toEqual({ waiting: 1, oldestDueSeconds: 0 });
  await add('pending', -120);
  await add('sending', -30);
  await add('sent', -600);
  await add('failed', -900);
  const backlog = await outboxBacklog(world.pool, SCHEMA);
  expect(backlog.waiting).toBe(3);
  expect(backlog.oldestDueSeconds).toBeGreaterThanOrEqual(120);
  expect(backlog.oldestDueSeconds).toBeLessThan(600);
});
