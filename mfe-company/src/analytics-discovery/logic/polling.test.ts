import { nextPollDelay, POLL_FIRST_MS, POLL_MAX_MS, runIsActive } from './polling';

test('a running run is asked about less and less often, never less often than the cap', () => {
  const delays: number[] = [];
  let delay: number | null = null;
  for (let i = 0; i < 12; i++) delays.push((delay = nextPollDelay(delay)));
  expect(delays[0]).toBe(POLL_FIRST_MS);
  expect(delays[1]).toBeGreaterThan(delays[0]);
  expect(Math.max(...delays)).toBe(POLL_MAX_MS);
  expect(delays[delays.length - 1]).toBe(POLL_MAX_MS);
});

test('only queued and running runs are followed', () => {
  expect(['queued', 'running', 'succeeded', 'failed', 'cancelled'].filter((s) => runIsActive(s as never))).toEqual([
    'queued',
    'running',
  ]);
});
