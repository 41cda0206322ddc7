import { useEffect, useState } from 'react';
import { listPlans } from '@tracemap/shell-core/subscription';
import type { Plan } from '@tracemap/contracts';

export type PlansState = { status: 'loading' } | { status: 'ready'; plans: Plan[] } | { status: 'unavailable' };

/** The public plan catalogue; any failure becomes "unavailable" so the page can say so plainly. */
export function usePlans(): PlansState {
  const [state, setState] = useState<PlansState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    listPlans(controller.signal)
      .then((plans) =>
        setState(
          plans.length > 0
            ? { status: 'ready', plans: [...plans].sort((a, b) => a.amount - b.amount) }
            : { status: 'unavailable' },
        ),
      )
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'unavailable' });
      });
    return () => controller.abort();
  }, []);
  return state;
}
