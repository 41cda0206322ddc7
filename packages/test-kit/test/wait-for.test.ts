import { EventEmitter } from 'node:events';
import { waitFor, waitForEvent } from '../src';

test('returns the first value that passes', async () => {
  let calls = 0;
  const value = await waitFor(() => (++calls >= 3 ? { calls } : undefined), { intervalMs: 1 });
  expect(value).toEqual({ calls: 3 });
});

test('a custom rule decides when the value is good enough', async () => {
  let n = 0;
  await expect(waitFor(async () => ++n, { intervalMs: 1, until: (v) => v === 4 })).resolves.toBe(4);
});

test('past the deadline it fails with the message and the last value', async () => {
  await expect(
    waitFor(() => ({ status: 'pending' }), {
      timeoutMs: 20,
      intervalMs: 5,
      until: (v) => v.status === 'done',
      message: 'the paid invoice',
    }),
  ).rejects.toThrow('the paid invoice: not within 20 ms; last value: {"status":"pending"}');
});

test('a message function is read at the deadline', async () => {
  const seen: string[] = [];
  await expect(
    waitFor(
      () => {
        seen.push('x');
        return false;
      },
      { timeoutMs: 10, intervalMs: 1, message: () => `seen ${seen.length > 1 ? 'several' : 'one'}` },
    ),
  ).rejects.toThrow(/^seen several: not within 10 ms; last value: false$/);
});

test('a check that throws fails at once unless told to retry', async () => {
  let calls = 0;
  const failing = () => {
    calls += 1;
    throw new Error('refused');
  };
  await expect(waitFor(failing, { timeoutMs: 1000 })).rejects.toThrow('refused');
  expect(calls).toBe(1);
  await expect(
    waitFor(failing, { timeoutMs: 10, intervalMs: 1, retryOnError: true, message: 'server' }),
  ).rejects.toThrow('server: not within 10 ms; last error: refused');
  expect(calls).toBeGreaterThan(2);
});

test('waitForEvent gives the event arguments, or fails naming the event at the deadline', async () => {
  const emitter = new EventEmitter();
  const next = waitForEvent(emitter, 'ready');
  emitter.emit('ready', 1, 'two');
  await expect(next).resolves.toEqual([1, 'two']);
  await expect(waitForEvent(emitter, 'never', { timeoutMs: 10 })).rejects.toThrow("event 'never': not within 10 ms");
  await expect(waitForEvent(emitter, 'never', { timeoutMs: 10, message: 'the request' })).rejects.toThrow(
    'the request: not within 10 ms',
  );
});
