import type { FastifyBaseLogger } from 'fastify';
import { createJudgeScheduler } from '../../src/discovery/judge-scheduler';

const log = { error: jest.fn() } as unknown as FastifyBaseLogger;

describe('judge scheduler', () => {
  afterEach(() => jest.useRealTimers());

  it('merges a burst of scheduled judgements into one, per company', async () => {
    jest.useFakeTimers();
    const judged: string[] = [];
    const judges = createJudgeScheduler({ delayMs: 1000, judge: async (id) => judged.push(id), log });
    judges.schedule('a');
    judges.schedule('a');
    judges.schedule('b');
    await jest.advanceTimersByTimeAsync(1000);
    expect(judged.sort()).toEqual(['a', 'b']);
    await judges.stop();
  });

  it('drops a scheduled judgement not begun when the company is judged now', async () => {
    jest.useFakeTimers();
    const judged: string[] = [];
    const judges = createJudgeScheduler({ delayMs: 1000, judge: async (id) => judged.push(id), log });
    judges.schedule('a');
    judges.schedule('b');
    await judges.now('a');
    await jest.advanceTimersByTimeAsync(5000);
    expect(judged).toEqual(['a', 'b']);
    // Scheduled again afterwards, it runs again.
    judges.schedule('a');
    await jest.advanceTimersByTimeAsync(1000);
    expect(judged).toEqual(['a', 'b', 'a']);
    await judges.stop();
  });
});
