import { useEffect, useState } from 'react';

/** Reads something derived from the saved event (its schema, its effective attributes) again after every save. */
export function useEventDerived<T>(read: (signal: AbortSignal) => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (value) => {
        setData(value);
        setError(null);
      },
      (err: unknown) => !controller.signal.aborted && setError(err),
    );
    return () => controller.abort();
    // The caller names what the read depends on; `read` itself is a new closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return { data, error };
}
