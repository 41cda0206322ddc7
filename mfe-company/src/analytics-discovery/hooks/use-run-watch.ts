import { useEffect, useRef, useState } from 'react';
import type { Run } from '@tracemap/contracts';
import { getRun } from '../api/discovery-api';
import { nextPollDelay, runIsActive } from '../logic/polling';

/**
 * Follows one run while it is queued or running, asking again after a delay
 * that grows to a cap, and calls `onEnd` once when it has ended.
 */
export function useRunWatch(companyId: string, runId: string | null, onEnd: (run: Run) => void) {
  const [run, setRun] = useState<Run | null>(null);
  const [error, setError] = useState<unknown>(null);
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  }, [onEnd]);

  useEffect(() => {
    if (!runId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay: number | null = null;
    const ask = async () => {
      try {
        const next = await getRun(companyId, runId, controller.signal);
        if (controller.signal.aborted) return;
        setRun(next);
        setError(null);
        if (!runIsActive(next.status)) {
          ended.current(next);
          return;
        }
      } catch (err) {
        if (controller.signal.aborted) return;
        setError(err);
      }
      delay = nextPollDelay(delay);
      timer = setTimeout(() => void ask(), delay);
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [companyId, runId]);

  return { run: run?.id === runId ? run : null, error };
}
